/* sigemptyset, sigfillset, sigaddset, sigdelset, sigismember - operations on a sigset_t, one small
 * family in one file: bit n - 1 of the first word is signal n (1 <= n < NSIG). */
#include <errno.h>
#include <signal.h>

static int bad(int sig) { return sig < 1 || sig >= NSIG; }

int sigemptyset(sigset_t* set) {
  for (int i = 0; i < 4; i++) set->__bits[i] = 0;
  return 0;
}

int sigfillset(sigset_t* set) {
  sigemptyset(set);
  set->__bits[0] = (1ul << (NSIG - 1)) - 1; /* signals 1..31, nothing more */
  return 0;
}

int sigaddset(sigset_t* set, int sig) {
  if (bad(sig)) {
    errno = EINVAL;
    return -1;
  }
  set->__bits[0] |= 1ul << (sig - 1);
  return 0;
}

int sigdelset(sigset_t* set, int sig) {
  if (bad(sig)) {
    errno = EINVAL;
    return -1;
  }
  set->__bits[0] &= ~(1ul << (sig - 1));
  return 0;
}

int sigismember(const sigset_t* set, int sig) {
  if (bad(sig)) {
    errno = EINVAL;
    return -1;
  }
  return (set->__bits[0] >> (sig - 1)) & 1;
}
