/* Reading stdin with stdio: fgets for a line, scanf for numbers, getchar to the end.
 * Stdin: stdin-lines-and-numbers.input
 * Expect: status 0 */
#include <stdio.h>

int main(void) {
  char line[64];
  if (!fgets(line, sizeof line, stdin)) return 1;
  printf("line: %s", line);
  int a, b, c;
  if (scanf("%d %d %d", &a, &b, &c) != 3) return 2;
  printf("sum %d\n", a + b + c);
  int ch, n = 0, words = 0, inword = 0;
  while ((ch = getchar()) != EOF) {
    n++;
    if (ch == ' ' || ch == '\n') inword = 0;
    else if (!inword) inword = 1, words++;
  }
  printf("%d more bytes, %d words, eof %d\n", n, words, feof(stdin) != 0);
  return 0;
}
