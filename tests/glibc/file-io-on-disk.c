/* stdio on files of the disk: read a file line by line, write a new one with fprintf, append
 * to it, seek, read it back, and stat both.
 * Files: notes
 * Expect: status 0 */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int main(void) {
  char line[64];
  FILE* in = fopen("notes.txt", "r");
  if (in == NULL) return 1;
  int n = 0;
  while (fgets(line, sizeof line, in)) printf("%d: %s", ++n, line);
  fclose(in);

  FILE* out = fopen("out.txt", "w");
  if (out == NULL) return 2;
  for (int i = 0; i < 100; i++) fprintf(out, "line %d of out.txt\n", i);
  fclose(out);
  out = fopen("out.txt", "a");
  fputs("appended\n", out);
  fclose(out);

  struct stat st;
  if (stat("out.txt", &st) != 0 || !S_ISREG(st.st_mode)) return 3;
  printf("out.txt: %lld bytes\n", (long long)st.st_size);
  FILE* f = fopen("out.txt", "r+");
  if (fseek(f, -9, SEEK_END) != 0) return 4;
  printf("at %ld: %s", ftell(f), fgets(line, sizeof line, f));
  fseek(f, 0, SEEK_SET);
  fputs("LINE", f);
  fclose(f);
  if (access("out.txt", R_OK | W_OK) != 0 || access("missing.txt", F_OK) == 0) return 5;
  if (stat(".", &st) != 0 || !S_ISDIR(st.st_mode)) return 6;
  return 0;
}
