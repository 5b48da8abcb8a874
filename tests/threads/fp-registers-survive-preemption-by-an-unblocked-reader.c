/* fp-registers-survive-preemption-by-an-unblocked-reader - a thread that spins with its own
 * doubles in a caller-saved ($f4) and a callee-saved ($f20) FP register is taken off its context
 * at an arbitrary instruction: main's file read blocks (the spinner gets the context), and when
 * the disk unblocks main with no context free, main takes the spinner's (the setup of
 * reader-unblocked-by-the-disk-runs-while-another-thread-spins-on-it). Main then overwrites both
 * registers before it lets the spinner stop, so the spinner finds its values again only if the
 * library saved its whole FPU when the kernel interrupted it and loaded it back on resume.
 * Files: readers
 * Expect: status 0 */
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include "check.h"

#define ROUNDS 4

#define SET(r, v) __asm__ volatile("ldc1 $f" #r ", %0" : : "m"(v) : "$f" #r)
#define GET(r, v) __asm__ volatile("sdc1 $f" #r ", %0" : "=m"(v))

static volatile int stop, spun;
static const double mine[2] = {-1.25, 6.5e-300}, junk[2] = {99.0, -99.0};

static void* spinner(void* arg) {
  double got[2];
  SET(4, mine[0]);
  SET(20, mine[1]);
  while (!stop) spun = 1; /* integer only: the FP registers stay as set */
  GET(4, got[0]);
  GET(20, got[1]);
  return (void*)(intptr_t)(memcmp(got, mine, sizeof got) != 0);
}

int main(void) {
  static char buf[4096];
  int bad = 0, not_spun = 0, failed_reads = 0;
  for (int i = 0; i < ROUNDS; i++) {
    pthread_t t;
    void* r;
    char name[16] = "r00.txt";
    name[2] = (char)('0' + i);
    stop = 0;
    spun = 0;
    CHECK_INT(pthread_create(&t, 0, spinner, 0), 0);
    int fd = open(name, O_RDONLY);
    failed_reads += fd < 0 || read(fd, buf, sizeof buf) != (int)sizeof buf;
    if (fd >= 0) close(fd);
    SET(4, junk[0]); /* what the spinner must not see */
    SET(20, junk[1]);
    stop = 1;
    CHECK_INT(pthread_join(t, &r), 0);
    bad += r != 0;
    not_spun += !spun;
  }
  CHECK_INT(failed_reads, 0);
  CHECK_INT(not_spun, 0);
  CHECK_INT(bad, 0);
  return check_done();
}
