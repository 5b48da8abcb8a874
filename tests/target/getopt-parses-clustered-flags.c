/* getopt-parses-clustered-flags - getopt walks clustered flags (-abc), takes an option's
 * argument from the rest of its word or the next word, stops at "--" and (with '+') at the first
 * operand, reports unknown options and missing arguments through '?', ':' and optopt, and starts
 * over when optind is set to 0. The program's own arguments are parsed first. The glibc build
 * must print the same.
 * Expect: status 0
 * Args: -ab -c value -dvalue -v -- -e rest
 * Glibc: yes */
#include <stdio.h>
#include <unistd.h>

#include "check.h"

/* Parses argv with optstring and prints each result: "letter", "letter=arg", "?optopt", ...
 * then the first operand left. */
static void parse(int argc, char** argv, const char* optstring) {
  int c;
  optind = 0;
  printf("%s:", optstring);
  while ((c = getopt(argc, argv, optstring)) != -1) {
    if (c == '?' || c == ':')
      printf(" %c(optopt %c)", c, optopt);
    else if (optarg && c != 'a' && c != 'b' && c != 'v')
      printf(" %c=%s", c, optarg);
    else
      printf(" %c", c);
  }
  printf(" | optind %d", optind);
  if (optind < argc) printf(" first operand \"%s\"", argv[optind]);
  printf("\n");
}

int main(int argc, char** argv) {
  parse(argc, argv, "abc:d:ve");

  char* two[] = {"prog", "-vx", "-c", NULL};
  opterr = 0; /* keep stderr quiet: the results are compared, not the messages */
  parse(3, two, "vc:");
  parse(3, two, ":vc:");

  char* three[] = {"prog", "-a", "file", "-b", NULL};
  parse(4, three, "+ab");

  char* four[] = {"prog", "-o", "-ofile", "-", "x", NULL};
  parse(5, four, "o::");

  char* five[] = {"prog", "-abcarg", "-a", NULL};
  parse(3, five, "abc:");
  CHECK_INT(optind, 3);
  CHECK_INT(optopt, 'c'); /* the last option missing its argument */
  return check_done();
}
