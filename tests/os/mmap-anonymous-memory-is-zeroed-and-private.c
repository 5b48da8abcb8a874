/* mmap-anonymous-memory-is-zeroed-and-private - mmap(MAP_ANONYMOUS | MAP_PRIVATE) of 1 MiB gives
 * zeroed, writable memory: every page reads as zeros when first touched (every word is checked) and
 * keeps what is written. The mapping is private: a child (this program spawned again) that maps
 * 1 MiB sees only zeros, and what it writes does not reach the parent's pages. After munmap a new
 * mapping is zeroed again (freed pages are not handed out dirty). Mapping the console (stdin, no
 * MAP_ANONYMOUS) fails with ENODEV.
 * Expect: status 0 */
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "thread.h"

#define SIZE (1u << 20)
#define PAGE 4096u

static uint32_t* map(void) {
  void* p = mmap(0, SIZE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  return p == MAP_FAILED ? 0 : p;
}

/* How many words of m are not zero. */
static uint32_t nonzero(const uint32_t* m) {
  uint32_t n = 0;
  for (uint32_t i = 0; i < SIZE / 4; i++) n += m[i] != 0;
  return n;
}

/* Write a pattern of seed into one word of every 64 bytes of m (enough to tell two writers
 * apart, and cheaper than every word); how many of those words then differ from it. */
#define STRIDE 16
static void fill(uint32_t* m, uint32_t seed) {
  for (uint32_t i = 0; i < SIZE / 4; i += STRIDE) m[i] = seed ^ (i * 2654435761u);
}
static uint32_t differing(const uint32_t* m, uint32_t seed) {
  uint32_t n = 0;
  for (uint32_t i = 0; i < SIZE / 4; i += STRIDE) n += m[i] != (seed ^ (i * 2654435761u));
  return n;
}

/* The child: a fresh mapping is all zeros; fill it with another pattern. Exit 0 if all is well. */
static int child(void) {
  uint32_t* m = map();
  if (!m || nonzero(m) != 0) return 1;
  fill(m, 0xc41dc41du);
  return differing(m, 0xc41dc41du) == 0 ? 0 : 2;
}

int main(int argc, char** argv) {
  if (argc > 1 && strcmp(argv[1], "child") == 0) return child();

  uint32_t* m = map();
  CHECK(m != 0);
  if (!m) return check_done();
  uint32_t pages_zero = 0;
  for (uint32_t off = 0; off < SIZE; off += PAGE) /* first touch of each page is a read */
    pages_zero += m[off / 4] == 0 && m[(off + PAGE) / 4 - 1] == 0;
  CHECK_INT(pages_zero, SIZE / PAGE);
  CHECK_INT(nonzero(m), 0);
  fill(m, 0x9a7e9a7eu);
  CHECK_INT(differing(m, 0x9a7e9a7eu), 0);

  pid_t pid = spawn_self(argv[0], "child", 0);
  CHECK(pid > 0);
  int status = -1;
  CHECK(waitpid(pid, &status, 0) == pid);
  CHECK(WIFEXITED(status));
  CHECK_INT(WEXITSTATUS(status), 0);
  CHECK_INT(differing(m, 0x9a7e9a7eu), 0);

  CHECK_INT(munmap(m, SIZE), 0);
  uint32_t* again = map();
  CHECK(again != 0);
  if (again) {
    CHECK_INT(nonzero(again), 0);
    fill(again, 1);
    CHECK_INT(differing(again, 1), 0);
    CHECK_INT(munmap(again, SIZE), 0);
  }

  errno = 0;
  CHECK(mmap(0, PAGE, PROT_READ, MAP_PRIVATE, 0, 0) == MAP_FAILED);
  CHECK_INT(errno, ENODEV);
  return check_done();
}
