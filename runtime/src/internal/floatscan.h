/* floatscan.h - the string-to-double parser shared by strtod, strtof and atof (src/stdlib/). */
#ifndef KASANE_INTERNAL_FLOATSCAN_H
#define KASANE_INTERNAL_FLOATSCAN_H

/* The cursor __floatscan reads: s is the start of the string, p the next character. */
struct __fscan {
  const unsigned char* s;
  const unsigned char* p;
};

/* Parse a float (prec 0), double (1) or long double (2, = double) at f->p, leaving f->p just past
 * what was used (at f->s if nothing was: then the result is 0). pok: a sign alone may precede
 * the exponent's digits (1 for strtod). Out of range sets errno to ERANGE, as C requires. */
double __floatscan(struct __fscan* f, int prec, int pok);

#endif /* KASANE_INTERNAL_FLOATSCAN_H */
