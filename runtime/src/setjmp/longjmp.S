/* longjmp - restore the state saved by setjmp and make that setjmp return val (1 if val is 0,
 * as C requires, so the caller can tell the second return from the first). Layout: setjmp.S,
 * which also says why $f20..$f31 and FCSR come back too. */
	.text
	.globl	longjmp
	.globl	_longjmp /* the same: no signal mask is ever saved (<setjmp.h>) */
	.type	_longjmp, @function
	.type	longjmp, @function
	.ent	longjmp
	.set	noreorder
longjmp:
_longjmp:
	move	$v0, $a1
	bne	$v0, $zero, 1f
	nop
	li	$v0, 1
1:	lw	$t0, 48($a0)
	ctc1	$t0, $31
	ldc1	$f20, 56($a0)
	ldc1	$f22, 64($a0)
	ldc1	$f24, 72($a0)
	ldc1	$f26, 80($a0)
	ldc1	$f28, 88($a0)
	ldc1	$f30, 96($a0)
	lw	$s0, 0($a0)
	lw	$s1, 4($a0)
	lw	$s2, 8($a0)
	lw	$s3, 12($a0)
	lw	$s4, 16($a0)
	lw	$s5, 20($a0)
	lw	$s6, 24($a0)
	lw	$s7, 28($a0)
	lw	$fp, 32($a0)
	lw	$sp, 36($a0)
	lw	$ra, 40($a0)
	lw	$gp, 44($a0)
	jr	$ra
	nop
	.end	longjmp
	.size	longjmp, . - longjmp

	.section .note.GNU-stack, "", %progbits
