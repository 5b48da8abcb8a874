/* ctype-classes-ascii - each classification function over all of 0..255 and EOF (a bitmap per
 * function, printed), and tolower/toupper round trips; outside ASCII nothing belongs to a class.
 * Expect: status 0 */
#include <ctype.h>
#include <stdio.h>

#include "check.h"

typedef int (*class_fn)(int);

int main(void) {
  static const struct { const char* name; class_fn f; int count; } classes[] = {
      {"isalnum", isalnum, 62}, {"isalpha", isalpha, 52}, {"isblank", isblank, 2},
      {"iscntrl", iscntrl, 33}, {"isdigit", isdigit, 10}, {"isgraph", isgraph, 94},
      {"islower", islower, 26}, {"isprint", isprint, 95}, {"ispunct", ispunct, 32},
      {"isspace", isspace, 6},  {"isupper", isupper, 26}, {"isxdigit", isxdigit, 22},
  };
  for (unsigned k = 0; k < sizeof classes / sizeof classes[0]; k++) {
    int count = 0, high = 0;
    unsigned bits[4] = {0, 0, 0, 0};
    for (int c = 0; c < 256; c++) {
      if (!classes[k].f(c)) continue;
      if (c < 128) {
        bits[c / 32] |= 1u << (c % 32);
        count++;
      } else {
        high++;
      }
    }
    printf("%-8s %08x %08x %08x %08x\n", classes[k].name, bits[0], bits[1], bits[2], bits[3]);
    CHECK(count == classes[k].count && high == 0 && !classes[k].f(EOF));
  }
  int bad = 0;
  for (int c = 0; c < 256; c++) {
    if (isupper(c) && toupper(tolower(c)) != c) bad++;
    if (islower(c) && tolower(toupper(c)) != c) bad++;
    if (!isalpha(c) && (tolower(c) != c || toupper(c) != c)) bad++;
  }
  CHECK_INT(bad, 0);
  CHECK_INT(toupper('q'), 'Q');
  CHECK_INT(tolower('Q'), 'q');
  CHECK_INT(tolower(EOF), EOF);
  return check_done();
}
