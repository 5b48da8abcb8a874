/* same-address-in-two-processes-on-siblings-holds-each-ones-data - in context mode two processes
 * run at once on sibling contexts of one core, each with its own address space (ASID, page
 * directory) in the core's one TLB: this program and a child (itself, spawned) write their own
 * pattern to the same virtual addresses (a global, a page of the heap and an anonymous mapping)
 * and read them back, again and again, while the other does the same. Each must always see its
 * own data: a TLB entry of one process used by the other, or a page directory of the wrong CPU,
 * would show the other's pattern. The child reports the CPU it ran on; in context mode (uname says
 * smt=context) it must differ from the parent's, else the two were not at once.
 * Expect: status 0 */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>

#include "check.h"
#include "smp.h"

#define WORDS 1024
#define ROUNDS 400

static volatile uint32_t global[WORDS];

/* Write pattern p to the three places, then check them ROUNDS times: the number of wrong words. */
static int run(uint32_t p, volatile uint32_t* heap, volatile uint32_t* map) {
  int bad = 0;
  for (int r = 0; r < ROUNDS; r++) {
    for (int i = 0; i < WORDS; i++) global[i] = heap[i] = map[i] = p + (uint32_t)i + (uint32_t)r;
    for (int i = 0; i < WORDS; i++) {
      uint32_t want = p + (uint32_t)i + (uint32_t)r;
      bad += global[i] != want || heap[i] != want || map[i] != want;
    }
  }
  return bad;
}

int main(int argc, char** argv) {
  volatile uint32_t* heap = malloc(WORDS * 4);
  volatile uint32_t* map = mmap((void*)0, WORDS * 4, PROT_READ | PROT_WRITE,
                                MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (!heap || map == MAP_FAILED) return 2;
  if (argc > 1) { /* the child: its CPU number, or 100 + its wrong words */
    int cpu = this_cpu();
    int bad = run(0xc0de0000u, heap, map);
    return bad ? 100 + (bad > 100 ? 100 : bad) : cpu;
  }
  pid_t child = spawn_self(argv[0], "child", 0);
  CHECK(child > 0);
  int cpu = this_cpu();
  CHECK_INT(run(0xbeef0000u, heap, map), 0);
  int status = -1;
  CHECK(waitpid(child, &status, 0) == child);
  CHECK(WIFEXITED(status) && WEXITSTATUS(status) < 100);
  printf("parent on CPU %d, child on CPU %d\n", cpu, WEXITSTATUS(status));
  if (smt_context()) CHECK(WEXITSTATUS(status) != cpu); /* they ran at once */
  return check_done();
}
