#ifndef CPSEUDOTERMINAL_H
#define CPSEUDOTERMINAL_H
#include <sys/types.h>
/// Opens a pseudo-terminal master (O_RDWR|O_NOCTTY), grants and unlocks it; writes the slave's path
/// into `name` (size `len`). Returns the master fd, or -1 with errno set.
int cpty_open_master(char *name, size_t len);
/// posix_spawn with POSIX_SPAWN_SETSID, an empty signal mask and default dispositions for the
/// usual signals, stdin/stdout/stderr all on `slave_path` (opened in the child, becoming its ctty).
int cpty_spawn(pid_t *pid, const char *path, char *const argv[], char *const envp[], const char *slave_path, const char *cwd);
#endif
