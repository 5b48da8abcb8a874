/* coremix - CoreMark-like integer code: CoreMark's four kernels in miniature, run N times over
 * the same data (the README compares the in-order pipeline's IPC with the out-of-order core's on
 * it). Per iteration: find and reverse in a linked list of 64 nodes; multiply two 12x12 integer
 * matrices and sum the result; run a state machine that classifies the characters of a text as
 * numbers, words and spaces; and a CRC-16 over every value computed. It prints the final CRC,
 * the same on every machine. Usage: coremix [N], N defaults to 20. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define NODES 64
#define DIM 12

struct node {
  struct node* next;
  int32_t value;
};

static struct node nodes[NODES];
static int32_t a[DIM][DIM], b[DIM][DIM], c[DIM][DIM];
static const char text[] =
    "3.14 apples and 42 pears, 7e3 grains of sand; 0x1f is not a number here but 512 is, "
    "and so on for a while: 19 words, 8 numbers, 2.5 halves, -11 below zero.";

static uint16_t crc16(uint16_t crc, uint32_t v) {
  for (int i = 0; i < 32; ++i) {
    const uint16_t bit = (uint16_t)((crc ^ v) & 1);
    crc >>= 1;
    v >>= 1;
    if (bit) crc ^= 0xa001;
  }
  return crc;
}

static struct node* reverse(struct node* head) {
  struct node* prev = NULL;
  while (head) {
    struct node* next = head->next;
    head->next = prev;
    prev = head;
    head = next;
  }
  return prev;
}

static int32_t list_work(struct node** head, int32_t key) {
  int32_t found = -1, pos = 0;
  for (struct node* n = *head; n; n = n->next, ++pos)
    if (n->value == key) {
      found = pos;
      break;
    }
  *head = reverse(*head);
  return found;
}

static int32_t matrix_work(int32_t k) {
  int32_t sum = 0;
  for (int i = 0; i < DIM; ++i)
    for (int j = 0; j < DIM; ++j) {
      int32_t s = 0;
      for (int m = 0; m < DIM; ++m) s += a[i][m] * b[m][j];
      c[i][j] = s + k;
      sum += c[i][j];
    }
  return sum;
}

/* A number, a word or a space at each step; counts each kind of token. */
static int32_t state_work(void) {
  enum { SPACE, NUMBER, WORD } state = SPACE;
  int32_t numbers = 0, words = 0;
  for (const char* p = text; *p; ++p) {
    const char ch = *p;
    const int digit = (ch >= '0' && ch <= '9') || ch == '.' || ch == '-';
    const int letter = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z');
    switch (state) {
      case SPACE:
        if (digit) state = NUMBER, ++numbers;
        else if (letter) state = WORD, ++words;
        break;
      case NUMBER:
        if (letter) state = WORD, --numbers, ++words;
        else if (!digit) state = SPACE;
        break;
      case WORD:
        if (!digit && !letter) state = SPACE;
        break;
    }
  }
  return numbers * 256 + words;
}

int main(int argc, char** argv) {
  int n = argc > 1 ? atoi(argv[1]) : 20;
  for (int i = 0; i < NODES; ++i) {
    nodes[i].value = (i * 37) % NODES;
    nodes[i].next = i + 1 < NODES ? &nodes[i + 1] : NULL;
  }
  for (int i = 0; i < DIM; ++i)
    for (int j = 0; j < DIM; ++j) a[i][j] = i - j, b[i][j] = (i * j) % 7 - 3;
  struct node* head = &nodes[0];
  uint16_t crc = 0xffff;
  for (int it = 0; it < n; ++it) {
    crc = crc16(crc, (uint32_t)list_work(&head, it % NODES));
    crc = crc16(crc, (uint32_t)matrix_work(it));
    crc = crc16(crc, (uint32_t)state_work());
  }
  printf("coremix: %d iterations, crc 0x%04x\n", n, crc);
  return 0;
}
