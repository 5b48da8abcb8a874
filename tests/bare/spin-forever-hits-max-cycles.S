/* An endless loop: with sim.max_cycles set, kasane-sim stops it and exits with status 72. */
    .set noreorder
    .text
    .globl _start
_start:
1:  b 1b
    nop
