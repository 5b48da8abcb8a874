/* popen, pclose - a stream on a pipe to or from `/bin/sh -c command`. The child is started as
 * posix_spawn starts one (fork, execve), with its end of the pipe as its stdout ("r") or stdin
 * ("w"); the parent's end has close-on-exec, so children of later popens do not hold it. The
 * children's pids are kept in a list of this file's own rather than in the FILE (as musl does),
 * so that every other program's streams keep their size and layout. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lock.h"

struct child {
  FILE* f;
  pid_t pid;
  struct child* next;
};
static struct child* children;
static volatile int children_lock;

FILE* popen(const char* command, const char* mode) {
  int reading = mode[0] == 'r';
  if (!reading && mode[0] != 'w') {
    errno = EINVAL;
    return NULL;
  }
  struct child* c = malloc(sizeof *c);
  if (!c) return NULL;
  int p[2];
  if (pipe2(p, O_CLOEXEC) < 0) {
    free(c);
    return NULL;
  }
  int mine = reading ? p[0] : p[1], theirs = reading ? p[1] : p[0];
  FILE* f = fdopen(mine, reading ? "r" : "w");
  if (!f) goto fail;
  pid_t pid = fork();
  if (pid < 0) {
    fclose(f);
    close(theirs);
    free(c);
    return NULL;
  }
  if (pid == 0) {
    /* POSIX: the streams of earlier popens are closed in the new child. */
    for (struct child* o = children; o; o = o->next) close(fileno(o->f));
    int want = reading ? 1 : 0;
    /* dup2 clears close-on-exec on the copy; if the pipe is already want, clear it by hand. */
    if (theirs == want ? fcntl(want, F_SETFD, 0) < 0 : dup2(theirs, want) < 0) _exit(127);
    char* argv[] = {"sh", "-c", (char*)command, 0};
    execve("/bin/sh", argv, environ);
    _exit(127);
  }
  close(theirs);
  if (!strchr(mode, 'e')) fcntl(mine, F_SETFD, 0);
  c->f = f;
  c->pid = pid;
  __lock(&children_lock);
  c->next = children;
  children = c;
  __unlock(&children_lock);
  return f;
fail:
  close(p[0]);
  close(p[1]);
  free(c);
  return NULL;
}

/* pclose of a stream popen did not make (undefined in POSIX): -1, errno ECHILD. */
int pclose(FILE* f) {
  __lock(&children_lock);
  struct child** at = &children;
  while (*at && (*at)->f != f) at = &(*at)->next;
  struct child* c = *at;
  if (c) *at = c->next;
  __unlock(&children_lock);
  if (!c) {
    errno = ECHILD;
    return -1;
  }
  pid_t pid = c->pid;
  free(c);
  fclose(f);
  int status;
  pid_t r;
  while ((r = waitpid(pid, &status, 0)) < 0 && errno == EINTR) {
  }
  return r < 0 ? -1 : status;
}
