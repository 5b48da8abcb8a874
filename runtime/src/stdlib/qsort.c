/* qsort - quicksort with median-of-three pivots, insertion sort below 8 elements.
 *
 * Recursing only into the smaller part and looping on the larger bounds the stack at log2(n)
 * frames whatever the input. Equal keys are swapped to both sides, so arrays of duplicates
 * still split evenly. Not stable, as C allows. */
#include <stdint.h>
#include <stdlib.h>

typedef int (*cmp_fn)(const void*, const void*);

static void swap(char* a, char* b, size_t size) {
  if (a == b) return;
  if ((((uintptr_t)a | (uintptr_t)b | size) & 3) == 0) { /* word-sized elements are common */
    for (; size; size -= 4, a += 4, b += 4) {
      uint32_t t = *(uint32_t*)a;
      *(uint32_t*)a = *(uint32_t*)b;
      *(uint32_t*)b = t;
    }
    return;
  }
  for (; size; size--, a++, b++) {
    char t = *a;
    *a = *b;
    *b = t;
  }
}

static void insertion_sort(char* lo, size_t n, size_t size, cmp_fn cmp) {
  for (size_t i = 1; i < n; i++)
    for (char* p = lo + i * size; p > lo && cmp(p - size, p) > 0; p -= size)
      swap(p - size, p, size);
}

void qsort(void* base, size_t n, size_t size, cmp_fn cmp) {
  char* lo = base;
  while (n >= 8) {
    char* hi = lo + (n - 1) * size;
    char* mid = lo + (n / 2) * size;
    /* Order lo, mid, hi, then move the median to lo as the pivot. */
    if (cmp(mid, lo) < 0) swap(mid, lo, size);
    if (cmp(hi, mid) < 0) {
      swap(hi, mid, size);
      if (cmp(mid, lo) < 0) swap(mid, lo, size);
    }
    swap(lo, mid, size);

    char *i = lo + size, *j = hi;
    for (;;) {
      while (i <= j && cmp(i, lo) < 0) i += size;
      while (i <= j && cmp(j, lo) > 0) j -= size;
      if (i >= j) break;
      swap(i, j, size);
      i += size;
      j -= size;
    }
    swap(lo, j, size); /* pivot into its final place; [lo, j) <= pivot <= (j, hi] */

    size_t left = (size_t)(j - lo) / size, right = n - left - 1;
    if (left < right) {
      qsort(lo, left, size, cmp);
      lo = j + size;
      n = right;
    } else {
      qsort(j + size, right, size, cmp);
      n = left;
    }
  }
  insertion_sort(lo, n, size, cmp);
}
