#define _GNU_SOURCE
#include "CPseudoTerminal.h"
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <unistd.h>

int cpty_open_master(char *name, size_t len) {
    int fd = posix_openpt(O_RDWR | O_NOCTTY);
    if (fd < 0) return -1;
    if (grantpt(fd) != 0 || unlockpt(fd) != 0 || ptsname_r(fd, name, len) != 0) {
        int e = errno; close(fd); errno = e; return -1;
    }
    return fd;
}

int cpty_spawn(pid_t *pid, const char *path, char *const argv[], char *const envp[], const char *slave_path, const char *cwd) {
    posix_spawnattr_t attr;
    posix_spawn_file_actions_t actions;
    posix_spawnattr_init(&attr);
    posix_spawn_file_actions_init(&actions);
    sigset_t empty, defaults;
    sigemptyset(&empty);
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGINT); sigaddset(&defaults, SIGTERM); sigaddset(&defaults, SIGHUP);
    sigaddset(&defaults, SIGQUIT); sigaddset(&defaults, SIGPIPE); sigaddset(&defaults, SIGWINCH);
    posix_spawnattr_setsigmask(&attr, &empty);
    posix_spawnattr_setsigdefault(&attr, &defaults);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSID | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    // Opening the slave after setsid makes it the child's controlling terminal.
    posix_spawn_file_actions_addopen(&actions, 0, slave_path, O_RDWR, 0);
    posix_spawn_file_actions_adddup2(&actions, 0, 1);
    posix_spawn_file_actions_adddup2(&actions, 0, 2);
    // Nothing else of the test process: a descriptor another test holds (a lock, a pipe's write
    // end) must not live on in this child after that test closes it.
    posix_spawn_file_actions_addclosefrom_np(&actions, 3);
    if (cwd) posix_spawn_file_actions_addchdir_np(&actions, cwd);
    int rc = posix_spawn(pid, path, &actions, &attr, argv, envp);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attr);
    return rc;
}
