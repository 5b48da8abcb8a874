/* Jumps to an address where there is no memory, with no exception handler installed (BEV = 1:
 * the vectors are in a boot ROM this machine does not have). Every fetch, of the target and then
 * of the vector, is a bus error: kasane-sim reports an exception storm (exit status 76). */
    .set noreorder
    .text
    .globl _start
_start:
    li $t0, 0x93456780      /* kseg0, physical 0x13456780: beyond the default 256 MiB of RAM */
    jr $t0
    nop
