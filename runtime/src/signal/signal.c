/* signal.c - signal(): the old interface to sigaction, with the BSD semantics glibc and musl
 * give it: the handler stays installed after a signal (no SA_RESETHAND) and the signal is
 * blocked while its handler runs; SA_RESTART is asked for as they do. SIG_ERR with errno on
 * failure, else the previous handler. */
#include <signal.h>

sighandler_t signal(int sig, sighandler_t handler) {
  struct sigaction sa = {.sa_flags = SA_RESTART}, old;
  sa.sa_handler = handler;
  if (sigaction(sig, &sa, &old) < 0) return SIG_ERR;
  return old.sa_handler;
}
