/* fseek-ftell-roundtrip - ftell reports where fseek put the stream, from SEEK_SET, SEEK_CUR and
 * SEEK_END, while reading through the buffer and while output is still pending; the byte found
 * there is the one written there; fseek clears end of file and lets a read stream switch to
 * writing; ungetc moves the position back by one.
 * Expect: status 0
 * Files: basic */
#include <stdio.h>

#include "check.h"

#define SIZE 3000
static int byte_at(long pos) { return (int)((pos * 7 + pos / 251) & 0xff); }

int main(void) {
  FILE* f = fopen("seek.bin", "w+");
  for (long i = 0; i < SIZE; i++) fputc(byte_at(i), f);
  CHECK_INT(ftell(f), SIZE); /* part of it still in the buffer */

  CHECK_INT(fseek(f, 1500, SEEK_SET), 0);
  CHECK_INT(ftell(f), 1500);
  CHECK_INT(fgetc(f), byte_at(1500));
  CHECK_INT(ftell(f), 1501); /* the stream read ahead, ftell must not */
  CHECK_INT(fseek(f, -501, SEEK_CUR), 0);
  CHECK_INT(ftell(f), 1000);
  CHECK_INT(fgetc(f), byte_at(1000));
  CHECK_INT(fseek(f, 1023, SEEK_CUR), 0); /* past the 1024-byte buffer */
  CHECK_INT(ftell(f), 2024);
  CHECK_INT(fgetc(f), byte_at(2024));
  CHECK_INT(fseek(f, -10, SEEK_END), 0);
  CHECK_INT(ftell(f), SIZE - 10);

  unsigned char buf[16];
  CHECK_INT(fread(buf, 1, sizeof buf, f), 10);
  CHECK(feof(f));
  CHECK_INT(buf[9], byte_at(SIZE - 1));
  CHECK_INT(ftell(f), SIZE);
  CHECK_INT(fseek(f, 0, SEEK_SET), 0);
  CHECK(!feof(f));

  /* Overwrite 3 bytes in the middle: pending output counts in ftell, and a read sees it. */
  CHECK_INT(fseek(f, 700, SEEK_SET), 0);
  CHECK_INT(fwrite("XYZ", 1, 3, f), 3);
  CHECK_INT(ftell(f), 703);
  CHECK_INT(fseek(f, -2, SEEK_CUR), 0);
  CHECK_INT(fgetc(f), 'Y');
  CHECK_INT(ungetc('y', f), 'y');
  CHECK_INT(ftell(f), 701);
  CHECK_INT(fgetc(f), 'y');
  CHECK_INT(fgetc(f), 'Z');
  CHECK_INT(fgetc(f), byte_at(703));

  CHECK_INT(fseek(f, 5, 99), -1); /* bad whence */
  rewind(f);
  CHECK_INT(ftell(f), 0);
  long bad = 0;
  for (long i = 0; i < SIZE; i++) {
    int want = i == 700 ? 'X' : i == 701 ? 'Y' : i == 702 ? 'Z' : byte_at(i);
    bad += fgetc(f) != want;
  }
  CHECK_INT(bad, 0);
  CHECK_INT(fgetc(f), EOF);
  CHECK_INT(fclose(f), 0);
  return check_done();
}
