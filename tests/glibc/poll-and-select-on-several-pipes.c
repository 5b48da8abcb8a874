/* poll, ppoll, select and pselect on several pipes at once, as a shell or a server waits: three
 * children each write to their own pipe when the parent lets them, one after another, and the
 * parent, waiting on all three, learns of each in turn (POLLIN, then POLLHUP when the writer has
 * closed); a timeout of 0 polls, a short one ends with 0 and nothing ready; a write end is ready
 * for writing, and POLLERR once its reader is gone; a closed descriptor is POLLNVAL in poll and
 * EBADF in select.
 * Expect: status 0 */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/select.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(void) {
  int p[3][2], go[3][2];
  for (int i = 0; i < 3; i++) {
    if (pipe(p[i]) < 0 || pipe(go[i]) < 0) return 1;
    if (fork() == 0) {
      char c;
      close(p[i][0]);
      close(go[i][1]);
      read(go[i][0], &c, 1); /* the parent says when: the order does not depend on timing */
      c = 'a' + i;
      write(p[i][1], &c, 1);
      _exit(0);
    }
    close(p[i][1]);
    close(go[i][0]);
  }
  struct pollfd fds[3];
  for (int i = 0; i < 3; i++) fds[i] = (struct pollfd){p[i][0], POLLIN, 0};
  printf("nothing yet: %d\n", poll(fds, 3, 0));
  printf("short timeout: %d\n", poll(fds, 3, 5));
  int done = 0, order[3], k = 0;
  static const int turn[3] = {1, 2, 0}; /* the children write in this order */
  write(go[turn[0]][1], "g", 1);
  while (done < 3) {
    int n = poll(fds, 3, -1);
    if (n <= 0) return 2;
    for (int i = 0; i < 3; i++) {
      if (fds[i].revents & POLLIN) {
        char c;
        if (read(fds[i].fd, &c, 1) == 1) {
          order[k++] = c;
          if (k < 3) write(go[turn[k]][1], "g", 1); /* the next one's turn */
        }
      }
      if (fds[i].revents & POLLHUP) {
        close(fds[i].fd);
        fds[i].fd = -1; /* ignored from now on */
        done++;
      }
    }
  }
  printf("in the order given: %c%c%c\n", order[0], order[1], order[2]);
  while (wait(0) > 0) {
  }

  /* select and pselect on a pipe written by a child. */
  int q[2];
  pipe(q);
  if (fork() == 0) {
    struct timespec d = {0, 20000000};
    nanosleep(&d, 0);
    write(q[1], "z", 1);
    _exit(0);
  }
  fd_set r, w;
  FD_ZERO(&r);
  FD_SET(q[0], &r);
  struct timeval tv = {0, 1000};
  printf("select, short timeout: %d, set now %d\n", select(q[0] + 1, &r, 0, 0, &tv),
         FD_ISSET(q[0], &r));
  FD_SET(q[0], &r);
  printf("select, no timeout: %d, set %d\n", select(q[0] + 1, &r, 0, 0, 0), FD_ISSET(q[0], &r));
  FD_ZERO(&w);
  FD_SET(q[1], &w);
  struct timespec ts = {1, 0};
  sigset_t mask;
  sigemptyset(&mask);
  printf("pselect, write end: %d, set %d\n", pselect(q[1] + 1, 0, &w, 0, &ts, &mask),
         FD_ISSET(q[1], &w));
  struct pollfd pf = {q[1], POLLOUT, 0};
  printf("ppoll POLLOUT: %d revents %#x\n", ppoll(&pf, 1, &ts, &mask), pf.revents);
  wait(0); /* the child's copy of the read end is closed */
  close(q[0]);
  signal(SIGPIPE, SIG_IGN);
  printf("reader gone: %d revents %#x\n", poll(&pf, 1, 0), pf.revents);
  pf.fd = 20;
  printf("closed fd: %d revents %#x\n", poll(&pf, 1, 0), pf.revents);
  FD_ZERO(&r);
  FD_SET(20, &r);
  errno = 0;
  printf("select on it: %d %s\n", select(21, &r, 0, 0, 0), strerror(errno));
  return 0;
}
