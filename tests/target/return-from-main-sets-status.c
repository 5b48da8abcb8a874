/* return-from-main-sets-status - main's return value becomes the exit status (42 here), only
 * its low 8 bits counting.
 * Expect: status 42 */
#include "check.h"

int main(void) {
  printf("returning 298 from main, status 298 & 0xff = 42\n");
  return 298;
}
