/* word.h - word-at-a-time helpers shared by the string functions.
 *
 * Reading a whole aligned word that contains the terminating NUL may read bytes past the end of
 * the string, but never past the end of the page that holds it, so it cannot fault. The
 * may_alias type tells gcc these word accesses may alias any char data. */
#ifndef KASANE_STRING_WORD_H
#define KASANE_STRING_WORD_H

#include <stddef.h>
#include <stdint.h>

typedef uint32_t __attribute__((__may_alias__)) word_t;

#define WSIZE sizeof(word_t)
#define ONES ((word_t)0x01010101u)
#define HIGHS ((word_t)0x80808080u)
/* Non-zero iff some byte of x is zero (exact: no false positives for the "any" question). */
#define HASZERO(x) (((x) - ONES) & ~(x) & HIGHS)

#endif /* KASANE_STRING_WORD_H */
