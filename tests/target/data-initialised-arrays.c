/* data-initialised-arrays - initialised arrays of every width, pointers and strings in .data and
 * .rodata come out of the ELF file with their values, and .data is writable.
 * Expect: status 0 */
#include <stdint.h>

#include "check.h"

static int8_t bytes[] = {-1, 2, -3, 4, 127, -128};
static uint16_t halves[] = {1, 0xffff, 0x8000, 0x1234};
static int32_t words[] = {-100000, 7, 0x7fffffff, (int32_t)0x80000000};
static int64_t dwords[] = {-1, 0x0102030405060708LL, INT64_MIN};
static const char* names[] = {"zero", "one", "two", "three"};
static const uint32_t table[8] = {2, 3, 5, 7, 11, 13, 17, 19}; /* .rodata */
static struct {
  char name[6];
  int16_t x;
  const int32_t* ref;
} recs[] = {{"alpha", 1, &words[1]}, {"beta", -2, &words[2]}};

int main(void) {
  int32_t s = 0;
  for (unsigned i = 0; i < sizeof bytes; i++) s += bytes[i];
  CHECK_INT(s, 1);
  uint32_t h = 0;
  for (unsigned i = 0; i < 4; i++) h = h * 65599 + halves[i];
  CHECK_HEX(h, h);
  CHECK_INT(halves[2], 0x8000);
  CHECK_INT(words[0] + words[1], -99993);
  CHECK_INT(words[3], INT32_MIN);
  CHECK_HEX(dwords[1], 0x0102030405060708ULL);
  CHECK_INT(dwords[2], INT64_MIN);
  CHECK_STR(names[3], "three");
  CHECK_STR(recs[1].name, "beta");
  CHECK_INT(*recs[0].ref, 7);
  CHECK_INT(*recs[1].ref + recs[1].x, 0x7ffffffd);
  uint32_t p = 1;
  for (unsigned i = 0; i < 8; i++) p *= table[i];
  CHECK_INT(p, 9699690);
  words[1] = 8;
  bytes[0] = 100;
  CHECK_INT(*recs[0].ref, 8);
  CHECK_INT(bytes[0] + bytes[5], -28);
  return check_done();
}
