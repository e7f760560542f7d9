// readline.h uses FILE without including stdio.h.
#include <stdio.h>
#include <readline/readline.h>
#include <readline/history.h>
