// PCRE2 picks its code-unit width from this macro; formline matches UTF-8 only.
#define PCRE2_CODE_UNIT_WIDTH 8
#include <stdint.h>
#include <stddef.h>
#include <pcre2.h>
