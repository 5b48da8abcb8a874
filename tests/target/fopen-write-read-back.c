/* fopen-write-read-back - what a stream writes reaches the file, and reads back the same, in
 * every fopen mode: w creates and truncates, a appends, r+ overwrites in place, w+ and a+ read
 * what they wrote; "b" is accepted; a missing file or a bad mode fails with errno. The runner
 * compares the files left behind too.
 * Expect: status 0
 * Files: basic */
#include <errno.h>
#include <stdio.h>

#include "check.h"

/* The whole file as a string (up to 255 bytes), through a fresh "rb" stream. */
static const char* contents(const char* path) {
  static char buf[256];
  FILE* f = fopen(path, "rb");
  if (!f) return "(cannot open)";
  size_t n = fread(buf, 1, sizeof buf - 1, f);
  buf[n] = 0;
  fclose(f);
  return buf;
}

int main(void) {
  FILE* f = fopen("new.txt", "w");
  CHECK(f != NULL);
  CHECK_INT(fputs("first ", f), 0);
  CHECK_INT(fwrite("line\n", 1, 5, f), 5);
  CHECK_INT(fputc('!', f), '!');
  CHECK_INT(fclose(f), 0);
  CHECK_STR(contents("new.txt"), "first line\n!");

  f = fopen("new.txt", "a");
  CHECK_INT(fputs("\nappended\n", f), 0);
  CHECK_INT(fclose(f), 0);
  CHECK_STR(contents("new.txt"), "first line\n!\nappended\n");

  f = fopen("new.txt", "r+"); /* overwrite "first" in place; the rest stays */
  CHECK_INT(fputs("FIRST", f), 0);
  CHECK_INT(fclose(f), 0);
  CHECK_STR(contents("new.txt"), "FIRST line\n!\nappended\n");

  f = fopen("hello.txt", "w+b"); /* truncates "hello, kfs" */
  CHECK_INT(fputs("rewritten", f), 0);
  rewind(f);
  char buf[32] = {0};
  CHECK_INT(fread(buf, 1, sizeof buf - 1, f), 9);
  CHECK_STR(buf, "rewritten");
  CHECK(feof(f));
  CHECK_INT(fclose(f), 0);

  f = fopen("log.txt", "a+"); /* "first line\n": reads from the start, writes at the end */
  CHECK_INT(fgetc(f), 'f');
  CHECK_INT(fputs("more\n", f), 0);
  rewind(f);
  CHECK_INT(fread(buf, 1, sizeof buf - 1, f), 16);
  buf[16] = 0;
  CHECK_STR(buf, "first line\nmore\n");
  CHECK_INT(fclose(f), 0);

  f = fopen("empty", "r");
  CHECK_INT(fgetc(f), EOF);
  CHECK(feof(f) && !ferror(f));
  CHECK_INT(fputc('x', f), EOF); /* read-only stream */
  CHECK(ferror(f));
  CHECK_INT(fclose(f), 0);

  errno = 0;
  CHECK(fopen("no-such-file", "r") == NULL);
  CHECK_INT(errno, ENOENT);
  errno = 0;
  CHECK(fopen("new.txt", "z") == NULL);
  CHECK_INT(errno, EINVAL);
  errno = 0;
  CHECK(fopen("new.txt", "wx") == NULL); /* exists already */
  CHECK_INT(errno, EEXIST);
  return check_done();
}
