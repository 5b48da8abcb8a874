/* futex-bitset-and-time64-match-linux - the futex operations glibc's NPTL adds to FUTEX_WAIT and
 * FUTEX_WAKE: FUTEX_WAIT_BITSET takes an absolute deadline (by CLOCK_MONOTONIC, or CLOCK_REALTIME
 * with FUTEX_CLOCK_REALTIME) and ends with ETIMEDOUT at it, at once for one already past; a zero
 * bitset is EINVAL; FUTEX_CLOCK_REALTIME on FUTEX_WAIT is ENOSYS, as on Linux. A waiter with
 * bitset 1 is not woken by FUTEX_WAKE_BITSET of bit 2 (0 woken) but is by bit 1; FUTEX_WAKE_BITSET
 * with bitset 0 is EINVAL too. futex_time64 (4422) takes a 64-bit struct __kernel_timespec: a relative
 * FUTEX_WAIT timeout of 200 us ends with ETIMEDOUT after at least that, and one of 2^62 seconds
 * (past what 64 bits of cycles hold) waits until woken, as Linux's, which clamps it to KTIME_MAX:
 * its cycle count wrapped, and it ended at once with ETIMEDOUT (the fuzzer's seed 20195).
 * Expect: status 0 */
#include <errno.h>
#include <time.h>

#include "check.h"
#include "kthread.h"

#define FUTEX_WAIT_BITSET 9
#define FUTEX_WAKE_BITSET 10
#define FUTEX_CLOCK_REALTIME 256
#define SYS_futex_time64_nr 4422

/* A system call with six arguments (o32: the fifth and sixth at 16 and 20($sp) of the caller
 * of `syscall`): the result, or -errno. */
long ksys6(long n, long a, long b, long c, long d, long e, long f);
__asm__(
    "  .text\n"
    "  .globl ksys6\n"
    "  .type ksys6, @function\n"
    "  .set push\n"
    "  .set noreorder\n"
    "ksys6:\n"
    "  lw $t0, 16($sp)\n" /* d */
    "  lw $t1, 20($sp)\n" /* e */
    "  lw $t2, 24($sp)\n" /* f */
    "  move $v0, $a0\n"
    "  move $a0, $a1\n"
    "  move $a1, $a2\n"
    "  move $a2, $a3\n"
    "  move $a3, $t0\n"
    "  addiu $sp, $sp, -24\n"
    "  sw $t1, 16($sp)\n"
    "  sw $t2, 20($sp)\n"
    "  syscall\n"
    "  addiu $sp, $sp, 24\n"
    "  beqz $a3, 1f\n"
    "  nop\n"
    "  subu $v0, $zero, $v0\n"
    "1:jr $ra\n"
    "  nop\n"
    "  .set pop\n"
    "  .size ksys6, . - ksys6\n");

static volatile int word = 5;
static volatile int waiting, woken;
static char stack[2048] __attribute__((aligned(8)));
static volatile int word2 = 7;
static volatile long huge_result = 1;

/* A thread that waits on word2 with a timeout of 2^62 seconds, and says how it ended. */
static void huge_waiter(void* arg) {
  (void)arg;
  static long long forever[2] = {1LL << 62, 0};
  huge_result = ksys6(SYS_futex_time64_nr, (long)&word2, FUTEX_WAIT, 7, (long)forever, 0, 0);
}

static long long now_ns(clockid_t clock) {
  struct timespec ts;
  clock_gettime(clock, &ts);
  return (long long)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static struct timespec in_ns(clockid_t clock, long long ns) {
  long long t = now_ns(clock) + ns;
  struct timespec ts = {(time_t)(t / 1000000000), (long)(t % 1000000000)};
  return ts;
}

static long wait_bitset(int op, const struct timespec* abs, unsigned bits) {
  return ksys6(SYS_futex, (long)&word, op | FUTEX_PRIVATE_FLAG, 5, (long)abs, 0, (long)bits);
}

/* A thread that waits on word with bitset 1 until woken, then says so. */
static void waiter(void* arg) {
  (void)arg;
  waiting = 1;
  while (word == 5) wait_bitset(FUTEX_WAIT_BITSET, 0, 1);
  woken = 1;
}

int main(void) {
  /* Absolute deadlines. */
  struct timespec past = {0, 1};
  CHECK_INT(wait_bitset(FUTEX_WAIT_BITSET, &past, ~0u), -ETIMEDOUT);
  struct timespec soon = in_ns(CLOCK_MONOTONIC, 300000);
  CHECK_INT(wait_bitset(FUTEX_WAIT_BITSET, &soon, ~0u), -ETIMEDOUT);
  CHECK(now_ns(CLOCK_MONOTONIC) >= (long long)soon.tv_sec * 1000000000 + soon.tv_nsec);
  soon = in_ns(CLOCK_REALTIME, 300000);
  CHECK_INT(wait_bitset(FUTEX_WAIT_BITSET | FUTEX_CLOCK_REALTIME, &soon, ~0u), -ETIMEDOUT);
  CHECK(now_ns(CLOCK_REALTIME) >= (long long)soon.tv_sec * 1000000000 + soon.tv_nsec);
  CHECK_INT(wait_bitset(FUTEX_WAIT_BITSET, 0, 0), -EINVAL);
  CHECK_INT(ksys6(SYS_futex, (long)&word, FUTEX_WAIT | FUTEX_CLOCK_REALTIME, 5, 0, 0, 0),
            -ENOSYS);
  CHECK_INT(ksys6(SYS_futex, (long)&word, FUTEX_WAKE_BITSET, 1, 0, 0, 0), -EINVAL);

  /* futex_time64: two 64-bit words. */
  long long rel[2] = {0, 200000};
  long long t0 = now_ns(CLOCK_MONOTONIC);
  CHECK_INT(ksys6(SYS_futex_time64_nr, (long)&word, FUTEX_WAIT, 5, (long)rel, 0, 0), -ETIMEDOUT);
  CHECK(now_ns(CLOCK_MONOTONIC) - t0 >= 200000);
  long long bad[2] = {0, 1000000000};
  CHECK_INT(ksys6(SYS_futex_time64_nr, (long)&word, FUTEX_WAIT, 5, (long)bad, 0, 0), -EINVAL);
  CHECK_INT(ksys6(SYS_futex_time64_nr, (long)&word, FUTEX_WAIT, 4, (long)rel, 0, 0), -EAGAIN);
  volatile int ctid2 = 1;
  CHECK(kclone(NPTL_FLAGS, stack + sizeof stack, (int*)&ctid2, 0, (int*)&ctid2, huge_waiter, 0) >
        0);
  while (huge_result == 1) kfutex(&word2, FUTEX_WAKE, 1, 0); /* until it is woken, or ends */
  kjoin(&ctid2);
  CHECK_INT(huge_result, 0);

  /* Bitsets choose whom a wake reaches. */
  volatile int ctid = 1;
  CHECK(kclone(NPTL_FLAGS, stack + sizeof stack, (int*)&ctid, 0, (int*)&ctid, waiter, 0) > 0);
  while (!waiting) continue;
  for (int i = 0; i < 20000; i++) __asm__ volatile("nop"); /* into its wait */
  CHECK_INT(ksys6(SYS_futex, (long)&word, FUTEX_WAKE_BITSET | FUTEX_PRIVATE_FLAG, 1, 0, 0, 2),
            0);
  CHECK_INT(woken, 0);
  word = 6; /* so that it stops waiting once woken */
  CHECK_INT(ksys6(SYS_futex, (long)&word, FUTEX_WAKE_BITSET | FUTEX_PRIVATE_FLAG, 1, 0, 0, 1),
            1);
  kjoin(&ctid);
  CHECK_INT(woken, 1);
  return check_done();
}
