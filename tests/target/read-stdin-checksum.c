/* read-stdin-checksum - read(0) until end of file in 1000-byte pieces and print the byte count,
 * line count and FNV-1a hash; with an empty stdin (/dev/null) that is 0 bytes.
 * Expect: status 0
 * Stdin: read-stdin-checksum.input */
#include <stdint.h>
#include <unistd.h>

#include "check.h"

int main(void) {
  static unsigned char buf[1000];
  uint32_t hash = 2166136261u;
  unsigned long bytes = 0, lines = 0, reads = 0;
  for (;;) {
    ssize_t n = read(0, buf, sizeof buf);
    if (n < 0) {
      printf("read failed\n");
      return 1;
    }
    if (n == 0) break;
    reads++;
    for (ssize_t i = 0; i < n; i++) {
      hash = (hash ^ buf[i]) * 16777619u;
      lines += buf[i] == '\n';
    }
    bytes += (unsigned long)n;
  }
  printf("%lu bytes, %lu lines, fnv1a %08x\n", bytes, lines, (unsigned)hash);
  CHECK(reads <= bytes); /* no empty reads before end of file */
  CHECK(read(0, buf, sizeof buf) == 0); /* end of file stays end of file */
  return check_done();
}
