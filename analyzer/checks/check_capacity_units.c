/*
 * capacity-units: set_capacity() given a byte count.  Heuristic: the
 * argument is scaled by a power of 1024 (x * 1024 * 1024, x << 20, SZ_1G)
 * and never divided or shifted right (no >> 9, / 512, >> SECTOR_SHIFT).
 */
#include "file_rules.h"
#include "local_disks.h"
#include "rules.h"

#include <clang-c/Index.h>
#include <string.h>

struct walk {
	const struct file_context *fc;
	const char *function;
};

static int divides(const struct ir_node *n, void *data)
{
	int *found = data;

	if (n->kind == IR_BINARY && (n->op == CXBinaryOperator_Shr || n->op == CXBinaryOperator_Div ||
				     n->op == CXBinaryOperator_ShrAssign ||
				     n->op == CXBinaryOperator_DivAssign))
		*found = 1;
	/* div_u64(), DIV_ROUND_UP(), bytes_to_sectors helpers ... */
	if (n->kind == IR_CALL && (strstr(ir_call_name(n), "div") || strstr(ir_call_name(n), "sector")))
		*found = 1;
	return !*found;
}

/* The constant scale of a multiplicative expression (variables count 1). */
static unsigned long long scale(const struct ir_node *n)
{
	long long v;

	n = ir_strip(n);
	if (!n)
		return 1;
	if (ir_const_value(n, &v))
		return v > 0 ? (unsigned long long)v : 1;
	if (n->kind == IR_BINARY && n->nkids == 2 && n->op == CXBinaryOperator_Mul)
		return scale(n->kids[0]) * scale(n->kids[1]);
	if (n->kind == IR_BINARY && n->nkids == 2 && n->op == CXBinaryOperator_Shl &&
	    ir_const_value(n->kids[1], &v) && v >= 0 && v < 48)
		return scale(n->kids[0]) << v;
	return 1;
}

static int is_power_of_1024(unsigned long long m)
{
	return m >= 1024 && (m & (m - 1)) == 0 && __builtin_ctzll(m) % 10 == 0;
}

static int visit(const struct ir_node *n, void *data)
{
	const struct walk *w = data;
	const struct ir_node *arg;
	unsigned long long m;
	int divided = 0;

	if (n->kind != IR_CALL || strcmp(ir_api_name(n), "set_capacity") || ir_call_nargs(n) != 2)
		return 1;
	arg = ir_call_arg(n, 1);
	ir_walk(arg, divides, &divided);
	m = scale(arg);
	/* a bare constant is a size in sectors unless it is absurd as one (>= 2^30) */
	if (ir_const_value(arg, &(long long){ 0 }) && m < (1ULL << 30))
		return 1;
	if (!divided && is_power_of_1024(m))
		file_report(w->fc, n->loc, w->function,
			    "set_capacity() takes 512-byte sectors, but this size is scaled by %llu "
			    "(bytes?): shift it right by SECTOR_SHIFT", m);
	return 1;
}

static void on_file(const struct file_context *fc)
{
	for (size_t i = 0; i < fc->lf->nfuncs; i++) {
		struct walk w = { fc, fc->lf->funcs[i].name };

		ir_walk(fc->lf->funcs[i].body, visit, &w);
	}
}

/* the prefilter's trigger tokens (rules.h) */
static void tokens(struct string_list *out)
{
	string_list_push(out, "set_capacity");
}

const struct rule rule_capacity_units = {
	.id = "capacity-units",
	.severity = "warning",
	.confidence = "low",
	.summary = "set_capacity given bytes rather than 512-byte sectors (heuristic)",
	.explain =
		"Why: set_capacity(disk, size) takes sector_t in 512-byte units whatever the\n"
		"logical block size (gendisk-api.md 1.3; the 2.6 article: \"capacity ... in\n"
		"512-byte sectors\").  A byte count makes the disk 512 times too large: reads\n"
		"past the backing store, a partition scan that finds garbage, or an\n"
		"out-of-bounds access in a RAM disk.\n"
		"Heuristic: the argument is scaled by a power of 1024 (x * 1024 * 1024,\n"
		"x << 20; a bare constant only from SZ_1G up) and contains no division or right shift (>> 9, / 512,\n"
		">> SECTOR_SHIFT, div_u64) nor a call with \"sector\" or \"div\" in its name.\n"
		"Sizes converted elsewhere (a bytes variable shifted earlier) are not seen;\n"
		"x * 2048 (MiB to sectors) or x << 21 (GiB to sectors) are not powers of\n"
		"1024 and stay silent.  Confidence low.\n"
		"\n"
		"Wrong:\n"
		"\tset_capacity(disk, size_mb * 1024 * 1024);\n"
		"\n"
		"Right:\n"
		"\tset_capacity(disk, (size_mb * SZ_1M) >> SECTOR_SHIFT);\n"
		"\n"
		"Fix: convert bytes to sectors (>> SECTOR_SHIFT) before set_capacity().\n",
	.on_file = on_file,
	.tokens = tokens,
};
