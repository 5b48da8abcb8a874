/* pthread-stack-overflow-into-the-guard-page-gives-sigsegv - a thread whose recursion needs about
 * 220 KiB of its 128 KiB stack (glibc's PTHREAD_STACK_MIN on MIPS) ends the process with SIGSEGV
 * when it reaches the guard page below the stack, rather than writing over whatever lies below
 * and returning as if nothing happened.
 * main first takes 512 KiB of heap, which is where the overflow would land without a guard
 * (memory that is there, and writable): then the recursion would come back and main exit with
 * status 2. Nothing is printed: the status alone decides.
 * Expect: signal SIGSEGV
 * Glibc: yes */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define LEVELS 800 /* of some 280 bytes each */

static int deep(int n) {
  volatile char frame[256];
  frame[0] = (char)n;
  if (n == LEVELS) return 0;
  return deep(n + 1) + frame[0]; /* not a tail call: every level keeps its frame */
}

static void* overflow(void* arg) {
  (void)arg;
  return (void*)(long)deep(0);
}

int main(void) {
  char* below = malloc(512 * 1024);
  memset(below, 1, 512 * 1024);
  pthread_attr_t a;
  pthread_attr_init(&a);
  pthread_attr_setstacksize(&a, 131072);
  pthread_t t;
  if (pthread_create(&t, &a, overflow, 0)) return 1;
  pthread_join(t, 0);
  return 2;
}
