/* Every context starts here (core.smp_start = true). Each adds 1000 to a shared counter with
 * LL/SC, then bumps a "done" count; context 0 (RDHWR $0 = 0) waits for all of them and exits with
 * status 0 if the counter is exactly 1000 * contexts (from the bootinfo), else 1. Checks SMP start, per-context
 * registers, RDHWR CPUNum and that SC fails when another context stored in between. */
#include "bare.h"
    .set noreorder
    .text
    .globl _start
_start:
    li $t0, 1000
    la $t1, counter
1:  ll $t2, 0($t1)
    addiu $t2, $t2, 1
    sc $t2, 0($t1)
    beqz $t2, 1b
    nop
    addiu $t0, $t0, -1
    bnez $t0, 1b
    nop
    la $t1, done
2:  ll $t2, 0($t1)
    addiu $t2, $t2, 1
    sc $t2, 0($t1)
    beqz $t2, 2b
    nop
    rdhwr $t3, $0
    bnez $t3, park
    nop
    lw $t4, 12($a0)         /* bootinfo.contexts */
3:  lw $t2, 0($t1)          /* context 0: wait until every context is done */
    bne $t2, $t4, 3b
    nop
    la $t1, counter
    lw $t2, 0($t1)
    li $t5, 1000
    mul $t5, $t5, $t4
    xor $t2, $t2, $t5
    sltu $t2, $zero, $t2    /* 0 if equal */
    li $t0, SIMCTL
    sw $t2, KASANE_SIMCTL_EXIT($t0)
park:
    b park
    nop
    .data
counter: .word 0
done:    .word 0
