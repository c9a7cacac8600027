/*
 * devt-dynamic-minors: add_disk() of a disk whose dev_t fields cannot
 * work: major 0 (dynamic dev_t) with minors > 0, or a major with minors 0.
 * Both are a WARN plus -EINVAL in device_add_disk.  Judged per function on
 * disks allocated there (blk_alloc_disk/blk_mq_alloc_disk start with
 * major = minors = 0), following plain copies between access paths.
 */
#include "file_rules.h"
#include "rules.h"

#include <clang-c/Index.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ITEMS 64
#define PATH_LEN 160

struct item {
	char path[PATH_LEN];
	char other[PATH_LEN];  /* copies: the source path */
	struct ir_loc loc;
	int known;             /* value is a constant */
	long long value;
};

struct fn_facts {
	struct item allocs[MAX_ITEMS], copies[MAX_ITEMS], majors[MAX_ITEMS], minors[MAX_ITEMS],
		adds[MAX_ITEMS];
	unsigned nallocs, ncopies, nmajors, nminors, nadds;
};

static int const_value(const struct ir_node *n, long long *v)
{
	long long a, b;

	n = ir_strip(n);
	if (!n)
		return 0;
	if (n->kind == IR_INTLIT && (n->flags & IRF_HAS_VALUE)) {
		*v = n->value;
		return 1;
	}
	if (n->kind != IR_BINARY || n->nkids != 2 || !const_value(n->kids[0], &a) ||
	    !const_value(n->kids[1], &b))
		return 0;
	switch (n->op) {
	case CXBinaryOperator_Shl: *v = b >= 0 && b < 32 ? a << b : 0; return b >= 0 && b < 32;
	case CXBinaryOperator_Mul: *v = a * b; return 1;
	case CXBinaryOperator_Add: *v = a + b; return 1;
	case CXBinaryOperator_Sub: *v = a - b; return 1;
	case CXBinaryOperator_Or: *v = a | b; return 1;
	default: return 0;
	}
}

static int is_disk_allocator(const struct ir_node *n)
{
	const char *fn;

	n = ir_strip(n);
	if (!n || n->kind != IR_CALL)
		return 0;
	fn = ir_call_name(n);
	return !strcmp(fn, "blk_alloc_disk") || !strcmp(fn, "blk_mq_alloc_disk");
}

static void push(struct item *arr, unsigned *n, const char *path, const char *other,
		 struct ir_loc loc, const struct ir_node *value)
{
	struct item *it;

	if (*n >= MAX_ITEMS)
		return;
	it = &arr[(*n)++];
	memset(it, 0, sizeof(*it));
	snprintf(it->path, sizeof(it->path), "%s", path);
	snprintf(it->other, sizeof(it->other), "%s", other ? other : "");
	it->loc = loc;
	if (value)
		it->known = const_value(value, &it->value);
}

static void assignment(struct fn_facts *ff, const char *lhs_path, const struct ir_node *lhs,
		       const struct ir_node *rhs, struct ir_loc loc)
{
	char rpath[PATH_LEN];

	lhs = ir_strip(lhs);
	if (lhs && lhs->kind == IR_MEMBER && lhs->nkids == 1 && lhs->name &&
	    (!strcmp(lhs->name, "major") || !strcmp(lhs->name, "minors"))) {
		char base[PATH_LEN];

		if (!ir_path_text(lhs->kids[0], base, sizeof(base)))
			return;
		if (!strcmp(lhs->name, "major"))
			push(ff->majors, &ff->nmajors, base, NULL, loc, rhs);
		else
			push(ff->minors, &ff->nminors, base, NULL, loc, rhs);
		return;
	}
	if (is_disk_allocator(rhs))
		push(ff->allocs, &ff->nallocs, lhs_path, NULL, loc, NULL);
	else if (ir_path_text(rhs, rpath, sizeof(rpath)))
		push(ff->copies, &ff->ncopies, lhs_path, rpath, loc, NULL);
}

static int collect(const struct ir_node *n, void *data)
{
	struct fn_facts *ff = data;
	char path[PATH_LEN];

	if (n->kind == IR_BINARY && n->op == CXBinaryOperator_Assign && n->nkids == 2 &&
	    ir_path_text(n->kids[0], path, sizeof(path))) {
		assignment(ff, path, n->kids[0], n->kids[1], n->loc);
	} else if (n->kind == IR_DECL && n->nkids == 1 && n->name) {
		assignment(ff, n->name, NULL, n->kids[0], n->loc);
	} else if (n->kind == IR_CALL) {
		const char *fn = ir_call_name(n);
		int arg = !strcmp(fn, "add_disk") ? 0 : !strcmp(fn, "device_add_disk") ? 1 : -1;

		if (arg >= 0 && ir_path_text(ir_call_arg(n, (unsigned)arg), path, sizeof(path)))
			push(ff->adds, &ff->nadds, path, NULL, n->loc, NULL);
	}
	return 1;
}

/* Is path in the copy-closure of the class (marked[] over copies)? */
static int same_disk(const struct fn_facts *ff, const char *a, const char *b)
{
	const char *cls[MAX_ITEMS * 2 + 2];
	unsigned ncls = 1, grew = 1;

	cls[0] = a;
	while (grew) {
		grew = 0;
		for (unsigned i = 0; i < ff->ncopies; i++) {
			const char *x = ff->copies[i].path, *y = ff->copies[i].other;
			int hx = 0, hy = 0;

			for (unsigned k = 0; k < ncls; k++) {
				hx |= !strcmp(cls[k], x);
				hy |= !strcmp(cls[k], y);
			}
			if (hx != hy && ncls < MAX_ITEMS * 2) {
				cls[ncls++] = hx ? y : x;
				grew = 1;
			}
		}
	}
	for (unsigned k = 0; k < ncls; k++)
		if (!strcmp(cls[k], b))
			return 1;
	return 0;
}

static int before(struct ir_loc a, struct ir_loc b)
{
	return a.line < b.line || (a.line == b.line && a.col < b.col);
}

static void judge_add(const struct file_context *fc, const char *function,
		      const struct fn_facts *ff, const struct item *add)
{
	const struct item *major = NULL, *minors = NULL;
	int allocated = 0;

	for (unsigned i = 0; i < ff->nallocs; i++)
		if (before(ff->allocs[i].loc, add->loc) && same_disk(ff, add->path, ff->allocs[i].path))
			allocated = 1;
	if (!allocated)
		return;
	/* the last assignment of each field before the add */
	for (unsigned i = 0; i < ff->nmajors; i++)
		if (before(ff->majors[i].loc, add->loc) && same_disk(ff, add->path, ff->majors[i].path))
			major = &ff->majors[i];
	for (unsigned i = 0; i < ff->nminors; i++)
		if (before(ff->minors[i].loc, add->loc) && same_disk(ff, add->path, ff->minors[i].path))
			minors = &ff->minors[i];
	if (minors && minors->known && minors->value > 0 &&
	    (!major || (major->known && major->value == 0))) {
		struct finding *f = file_report(fc, minors->loc, function,
			"'%s->minors' is %lld but '%s->major' is 0: add_disk() WARNs and fails "
			"with -EINVAL for a dynamic dev_t with minors; leave minors 0",
			minors->path, minors->value, minors->path);

		if (f)
			finding_add_note(f, add->loc, strdup("add_disk() fails here"));
	} else if (major && !(major->known && major->value == 0) &&
		   (!minors || (minors->known && minors->value == 0))) {
		struct finding *f = file_report(fc, major->loc, function,
			"'%s->major' is set but '%s->minors' is 0: add_disk() WARNs and fails "
			"with -EINVAL; set minors (1 for a single minor)",
			major->path, major->path);

		if (f)
			finding_add_note(f, add->loc, strdup("add_disk() fails here"));
	}
}

static void on_file(const struct file_context *fc)
{
	struct fn_facts *ff = calloc(1, sizeof(*ff));

	if (!ff)
		abort();
	for (size_t i = 0; i < fc->lf->nfuncs; i++) {
		memset(ff, 0, sizeof(*ff));
		ir_walk(fc->lf->funcs[i].body, collect, ff);
		for (unsigned a = 0; a < ff->nadds; a++)
			judge_add(fc, fc->lf->funcs[i].name, ff, &ff->adds[a]);
	}
	free(ff);
}

const struct rule rule_devt_dynamic_minors = {
	.id = "devt-dynamic-minors",
	.severity = "warning",
	.confidence = "medium",
	.summary = "dynamic dev_t (major 0) with minors > 0, or a major with minors 0",
	.explain =
		"Why: device_add_disk checks the dev_t fields (6.1 block/genhd.c:444-467,\n"
		"6.12 :453-476, gendisk-api.md 2.2): with major != 0 it does\n"
		"WARN_ON(!disk->minors) and returns -EINVAL; with major == 0 (no\n"
		"register_blkdev: a dynamic dev_t under BLOCK_EXT_MAJOR) it does\n"
		"WARN_ON(disk->minors) and returns -EINVAL.  The 2.6 article's drivers\n"
		"always registered a major and set minors; a port to blk_alloc_disk() that\n"
		"drops register_blkdev() but keeps 'disk->minors = 16' splats and fails.\n"
		"Partitions of a dynamic-dev_t disk get extended minors anyway.\n"
		"Judged on disks allocated in the same function (blk_alloc_disk,\n"
		"blk_mq_alloc_disk: both fields start 0), from the last assignments before\n"
		"add_disk in source order; hence confidence medium.\n"
		"\n"
		"Wrong:\n"
		"\tdisk = blk_alloc_disk(NULL, NUMA_NO_NODE);\n"
		"\t...\n"
		"\tdisk->minors = 16;\t\t/* but no major */\n"
		"\terr = add_disk(disk);\t\t/* WARN, -EINVAL */\n"
		"\n"
		"Right (dynamic dev_t):\n"
		"\tdisk = blk_alloc_disk(NULL, NUMA_NO_NODE);\n"
		"\t...\n"
		"\terr = add_disk(disk);\n"
		"Right (own major):\n"
		"\tdisk->major = foo_major;\t/* from register_blkdev(0, \"foo\") */\n"
		"\tdisk->first_minor = index * 16;\n"
		"\tdisk->minors = 16;\n"
		"\n"
		"Fix: either leave major, first_minor and minors 0 (preferred for new\n"
		"drivers: the struct gendisk comment says they \"should not be set by any new\n"
		"driver\") or set all three.\n",
	.on_file = on_file,
};
