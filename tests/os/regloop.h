/* regloop.h - a loop that keeps a known value in every user register and checks them all on every
 * iteration, to catch a kernel that loses or mixes up registers when it interrupts a thread
 * (process switches, signals). Header-only, like check.h.
 *
 *     int regloop(uint32_t first, uint32_t end, uint32_t* reached);
 *
 * runs iterations i = first, first + 1, ..., end - 1. In iteration i register $r holds
 * V(r) + i, where V(r) = 0x80000000 + r * 0x01010101 (distinct in every byte, top bit set), for
 * $1-$25, $gp ($28), $fp ($30) and $ra ($31), and hi and lo hold V(32) + i and V(33) + i. Each
 * iteration checks every one of them, then adds 1 to all. Different callers pass different `first`
 * values (far apart), so a register that came from another thread or process does not match.
 * $sp is used (the loop keeps its counter on the stack), $k0/$k1 belong to the kernel, $0 is 0.
 *
 * A check needs scratch registers, so the loop checks in two halves: $24/$25 are spilled to the
 * stack while they check the others, then $1/$2 while they check $24/$25. A register is therefore
 * unchecked only for the few instructions it spends in memory, and the value it comes back with is
 * checked in the next half. Returns 0, or the number of the first register found wrong (32 hi, 33
 * lo; a scratch register that was hit while in use shows up as a mismatch of the register it was
 * checking); *reached is the iteration it got to. It is an ordinary o32 function: $s0-$s7, $gp, $fp
 * and $ra are saved and restored. Signal handlers that may interrupt it must load their own $gp
 * (non-PIC code reaches small data through $gp, and here $gp holds a test value). */
#ifndef KASANE_OS_TEST_REGLOOP_H
#define KASANE_OS_TEST_REGLOOP_H

#include <stdint.h>

int regloop(uint32_t first, uint32_t end, uint32_t* reached);
extern char regloop_end[]; /* the address after its code: [regloop, regloop_end) is the loop */

#define REGLOOP_V(r) "0x80000000 + " #r " * 0x01010101"

__asm__(
    "  .text\n"
    "  .globl regloop\n"
    "  .globl regloop_end\n"
    "  .type regloop, @function\n"
    "  .set push\n"
    "  .set noreorder\n"
    "  .set noat\n"
    "regloop:\n"
    /* Frame: 0 end, 4 reached, 8 i, 12 and 16 spill slots, 20-48 $s0-$s7, 52 $gp, 56 $fp,
     * 60 $ra. */
    "  addiu $sp, $sp, -64\n"
    "  .irp r, 16, 17, 18, 19, 20, 21, 22, 23\n"
    "  sw $\\r, (20 + 4 * (\\r - 16))($sp)\n"
    "  .endr\n"
    "  sw $28, 52($sp)\n"
    "  sw $30, 56($sp)\n"
    "  sw $31, 60($sp)\n"
    "  sw $a1, 0($sp)\n"
    "  sw $a2, 4($sp)\n"
    "  sw $a0, 8($sp)\n"
    /* Set every register to V(r) + first; $1 and $2 last, through the spill slots. */
    "  move $2, $a0\n"
    "  li $1, " REGLOOP_V(1) "\n"
    "  addu $1, $1, $2\n"
    "  sw $1, 12($sp)\n"
    "  li $1, " REGLOOP_V(2) "\n"
    "  addu $1, $1, $2\n"
    "  sw $1, 16($sp)\n"
    "  li $1, " REGLOOP_V(32) "\n"
    "  addu $1, $1, $2\n"
    "  mthi $1\n"
    "  li $1, " REGLOOP_V(33) "\n"
    "  addu $1, $1, $2\n"
    "  mtlo $1\n"
    "  .irp r, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, "
    "25, 28, 30, 31\n"
    "  li $\\r, 0x80000000 + \\r * 0x01010101\n"
    "  addu $\\r, $\\r, $2\n"
    "  .endr\n"
    "  lw $1, 12($sp)\n"
    "  lw $2, 16($sp)\n"
    /* First half: $24 = i, $25 scratch; check everything but $24 and $25. On a mismatch the
     * branch's delay slot leaves the register's number in $25. */
    "1:\n"
    "  sw $24, 12($sp)\n"
    "  sw $25, 16($sp)\n"
    "  lw $24, 8($sp)\n"
    "  .irp r, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, "
    "28, 30, 31\n"
    "  li $25, 0x80000000 + \\r * 0x01010101\n"
    "  addu $25, $25, $24\n"
    "  bne $\\r, $25, 8f\n"
    "  addiu $25, $0, \\r\n"
    "  .endr\n"
    "  li $25, " REGLOOP_V(32) "\n"
    "  addu $25, $25, $24\n"
    "  mfhi $24\n"
    "  bne $24, $25, 8f\n"
    "  addiu $25, $0, 32\n"
    "  lw $24, 8($sp)\n"
    "  li $25, " REGLOOP_V(33) "\n"
    "  addu $25, $25, $24\n"
    "  mflo $24\n"
    "  bne $24, $25, 8f\n"
    "  addiu $25, $0, 33\n"
    /* Next values for the registers just checked. */
    "  .irp r, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, "
    "28, 30, 31\n"
    "  addiu $\\r, $\\r, 1\n"
    "  .endr\n"
    "  mfhi $25\n"
    "  addiu $25, $25, 1\n"
    "  mthi $25\n"
    "  mflo $25\n"
    "  addiu $25, $25, 1\n"
    "  mtlo $25\n"
    "  lw $24, 12($sp)\n"
    "  lw $25, 16($sp)\n"
    /* Second half: $2 = i, $1 scratch; check $24 and $25 (their number in $1 on a mismatch). */
    "  sw $1, 12($sp)\n"
    "  sw $2, 16($sp)\n"
    "  lw $2, 8($sp)\n"
    "  li $1, " REGLOOP_V(24) "\n"
    "  addu $1, $1, $2\n"
    "  bne $24, $1, 9f\n"
    "  addiu $1, $0, 24\n"
    "  li $1, " REGLOOP_V(25) "\n"
    "  addu $1, $1, $2\n"
    "  bne $25, $1, 9f\n"
    "  addiu $1, $0, 25\n"
    "  addiu $24, $24, 1\n"
    "  addiu $25, $25, 1\n"
    "  addiu $2, $2, 1\n"
    "  sw $2, 8($sp)\n"
    "  lw $1, 0($sp)\n"
    "  beq $2, $1, 7f\n"
    "  nop\n"
    "  lw $1, 12($sp)\n"
    "  b 1b\n"
    "  lw $2, 16($sp)\n"
    "7:\n"
    "  b 6f\n"
    "  move $2, $0\n"
    "8:\n"
    "  b 6f\n"
    "  move $2, $25\n"
    "9:\n"
    "  move $2, $1\n"
    /* Report the iteration reached, restore the callee-saved registers, return $2. */
    "6:\n"
    "  lw $3, 4($sp)\n"
    "  lw $1, 8($sp)\n"
    "  sw $1, 0($3)\n"
    "  .irp r, 16, 17, 18, 19, 20, 21, 22, 23\n"
    "  lw $\\r, (20 + 4 * (\\r - 16))($sp)\n"
    "  .endr\n"
    "  lw $28, 52($sp)\n"
    "  lw $30, 56($sp)\n"
    "  lw $31, 60($sp)\n"
    "  jr $31\n"
    "  addiu $sp, $sp, 64\n"
    "regloop_end:\n"
    "  .set pop\n"
    "  .size regloop, . - regloop\n");

#endif /* KASANE_OS_TEST_REGLOOP_H */
