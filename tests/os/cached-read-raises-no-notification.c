/* cached-read-raises-no-notification - with kernel notifications registered (upcall.h), a read
 * whose blocks are all in the buffer cache completes at once: no BLOCKED, no UNBLOCKED, only cache
 * hits. The first read of the 64 KiB file (16 blocks; the cache holds 32) may block and be
 * notified; it is then read again from the start, and across that second read the kernel's
 * counters of blocked and unblocked calls and of cache misses stay the same while the hits grow
 * by at least the file's 16 blocks, the handler is not entered, and the bytes are the same.
 * Expect: status 0
 * Files: notify */
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "upcall.h"

#define SIZE 65536 /* small.txt: lines "%07d\n" */

static char first[SIZE + 1], second[SIZE + 1];

int main(void) {
  int fd = open("small.txt", O_RDONLY);
  CHECK(fd >= 3);
  CHECK_INT(upcall_register(0), 0);
  CHECK_INT(read(fd, first, SIZE + 1), SIZE);
  uint32_t events = upcall_seen[1].count + upcall_seen[2].count + upcall_seen[3].count;
  printf("first read: %u notification(s)\n", events);

  struct kasane_notify_stats before, after;
  CHECK_INT(kasane_notify_stats(&before), 0);
  CHECK_INT(lseek(fd, 0, SEEK_SET), 0);
  CHECK_INT(read(fd, second, SIZE + 1), SIZE);
  CHECK_INT(kasane_notify_stats(&after), 0);
  CHECK_INT(kasane_notify_register(0), 0);

  CHECK_INT(after.blocked - before.blocked, 0);
  CHECK_INT(after.unblocked - before.unblocked, 0);
  CHECK_INT(after.shortcuts - before.shortcuts, 0);
  CHECK_INT(after.cache_misses - before.cache_misses, 0);
  CHECK(after.cache_hits - before.cache_hits >= SIZE / 4096);
  CHECK_INT(upcall_seen[1].count + upcall_seen[2].count + upcall_seen[3].count, events);
  CHECK(memcmp(first, second, SIZE) == 0);
  CHECK(memcmp(second + SIZE - 8, "0008191\n", 8) == 0);
  return check_done();
}
