/* Process groups and sessions as a shell's job control uses them: a child starts in its parent's
 * session; setpgid(0, 0) makes it lead a group of its own, which a second child joins;
 * kill(-pgid) signals both and not the parent; kill(0) signals the caller's group; setsid makes
 * a new session and group, and fails for a group leader; getsid and getpgid name them; setpgid
 * into a group of no process is EPERM, a negative group EINVAL, a stranger ESRCH.
 * Expect: status 0 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static int ready[2]; /* a child says it has printed and set itself up */

int main(void) {
  setvbuf(stdout, 0, _IONBF, 0);
  pid_t me = getpid();
  printf("parent leads nothing new: pgid is mine %d\n", getpgrp() == getpgid(0));
  pipe(ready);
  pid_t a = fork();
  if (a == 0) {
    printf("child a: same session %d\n", getsid(0) == getsid(getppid()));
    setpgid(0, 0);
    printf("child a: leads its group %d\n", getpgrp() == getpid());
    write(ready[1], "a", 1);
    for (;;) pause();
  }
  setpgid(a, a); /* both sides, as a shell does, so it holds whichever runs first */
  char go;
  read(ready[0], &go, 1);
  pid_t b = fork();
  if (b == 0) {
    for (;;) pause();
  }
  printf("b joins a's group: %d, now %d\n", setpgid(b, a), getpgid(b) == a);
  errno = 0;
  printf("no such group: %d %s\n", setpgid(b, 99999), strerror(errno));
  errno = 0;
  printf("negative group: %d %s\n", setpgid(b, -1), strerror(errno));
  errno = 0;
  printf("not a child: %d %s\n", setpgid(99999, 0), strerror(errno));
  printf("kill the group: %d\n", kill(-a, SIGTERM));
  int st, killed = 0;
  for (int i = 0; i < 2; i++)
    if (wait(&st) > 0 && WIFSIGNALED(st) && WTERMSIG(st) == SIGTERM) killed++;
  printf("both killed: %d, parent alive: %d\n", killed, getpid() == me);
  errno = 0;
  printf("group gone: %d %s\n", kill(-a, 0), strerror(errno));

  pid_t c = fork();
  if (c == 0) {
    pid_t sid = setsid();
    printf("setsid: new session is mine %d, group too %d\n", sid == getpid(), getpgrp() == getpid());
    errno = 0;
    printf("setsid again: %d %s\n", setsid(), strerror(errno));
    signal(SIGUSR1, SIG_IGN);
    printf("kill(0) reaches my group: %d\n", kill(0, SIGUSR1));
    _exit(0);
  }
  waitpid(c, &st, 0);
  printf("c exited %d\n", WIFEXITED(st) ? WEXITSTATUS(st) : -1);
  return 0;
}
