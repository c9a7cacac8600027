/*
 * blkdev-imbalance: register_blkdev() not undone by unregister_blkdev():
 * (a) an error return reached with the major registered in this function
 * (path-sensitive: majors are resources the engine tracks, resource_objects.h); (b) a major the file registers and
 * never unregisters outside the registering function (exit, remove), in
 * a file that has a teardown at all (module_exit, or a driver struct
 * with .probe and .remove); (c) an unregister_blkdev() of a name the file never
 * registers; (d) the result of register_blkdev() ignored; (e) the result
 * kept in an unsigned variable or field and tested "< 0" or "<= 0", which
 * a negative error never passes.  Majors are matched by the name argument
 * ("nbd", DEVICE_NAME, tr->name).
 */
#include "file_rules.h"
#include "rules.h"
#include "typestate.h"

#include <stdio.h>
#include <string.h>

static int is_register(const char *name)
{
	return !strcmp(name, "register_blkdev") || !strcmp(name, "__register_blkdev");
}

/* The name argument as a key: a string literal's spelling, an access path, or "" (any). */
static void name_key(const struct ir_node *arg, char *buf, size_t len)
{
	buf[0] = 0;
	if (arg && (arg->flags & IRF_STRLIT) && arg->name)
		snprintf(buf, len, "%s", arg->name);
	else if (arg && !ir_path_text(arg, buf, len))
		buf[0] = 0;
}

static void classify(const struct ir_node *call, struct res_call *out)
{
	const char *name = ir_api_name(call);
	long long major;
	const struct ir_node *a0 = ir_call_arg(call, 0);

	if (is_register(name) && ir_call_nargs(call) >= 2) {
		out->role = RES_ACQUIRE;
		name_key(ir_call_arg(call, 1), out->key, sizeof(out->key));
		/* register_blkdev(0, ...) returns the new major; a fixed one returns 0 */
		if (a0 && a0->kind == IR_INTLIT && (a0->flags & IRF_HAS_VALUE))
			major = a0->value;
		else
			major = -1;
		out->success = major == 0 ? VAL_POS : major > 0 ? VAL_ZERO : VAL_ZERO | VAL_POS;
		out->possible = out->success | VAL_NEG;
	} else if (!strcmp(name, "unregister_blkdev") && ir_call_nargs(call) >= 2) {
		out->role = RES_RELEASE;
		name_key(ir_call_arg(call, 1), out->key, sizeof(out->key));
	}
}

static void describe(const char *key, char *buf, size_t len)
{
	if (key[0] == '"')
		snprintf(buf, len, "major %s", key);
	else if (key[0])
		snprintf(buf, len, "major of '%s'", key);
	else
		snprintf(buf, len, "major");
}

static const struct resource_class majors = { classify };

/* An error return with a major registered in this function still held. */
static void on_event(const struct lint_event *ev)
{
	char what[RES_KEY_LEN + 16];
	struct finding *f;

	if (ev->kind != EV_RESOURCE_LEAK)
		return;
	describe(ev->resource->key, what, sizeof(what));
	f = lint_report(ev, "blkdev-imbalance", ev->loc,
			"%s stays registered on this error path: unregister_blkdev() missing", what);
	lint_note(f, ev->resource->acquire_loc, "%s registered here", what);
}

/* ------------------------------------------------------------ whole file */

struct site {
	const struct ir_node *call;
	size_t fn;
	int statement; /* the call is an expression statement: result ignored */
};

struct sites {
	struct site items[64];
	unsigned len;
	size_t fn;
};

static void record(struct sites *s, const struct ir_node *call, int statement)
{
	const char *name = ir_api_name(call);

	if ((is_register(name) || !strcmp(name, "unregister_blkdev")) && s->len < 64)
		s->items[s->len++] = (struct site){ call, s->fn, statement };
}

/* Statement positions: kids of blocks, labels, if/loop/case bodies. */
static int is_statement_slot(const struct ir_node *parent, unsigned i)
{
	switch (parent->kind) {
	case IR_COMPOUND: return 1;
	case IR_LABEL: case IR_DEFAULT: return i == 0;
	case IR_IF: return i >= 1;
	case IR_WHILE: return i == 1;
	case IR_DO: return i == 0;
	case IR_FOR: case IR_CASE: return i + 1 == parent->nkids;
	default: return 0;
	}
}

static int visit(const struct ir_node *n, void *data)
{
	struct sites *s = data;

	for (unsigned i = 0; i < n->nkids; i++) {
		const struct ir_node *k = ir_strip(n->kids[i]);

		if (k && k->kind == IR_CALL)
			record(s, k, is_statement_slot(n, i));
	}
	return 1;
}

/* ------------------------------------------- (e) unsigned result tested < 0 */

#define MAX_HOLDERS 16

/* The access paths a function assigns register_blkdev()'s result to. */
struct holders {
	char path[MAX_HOLDERS][RES_KEY_LEN];
	unsigned len;
	const struct file_context *fc;
	const char *function;
};

static int is_register_call(const struct ir_node *n)
{
	n = ir_strip(n);
	return n && n->kind == IR_CALL && is_register(ir_api_name(n));
}

static int collect_holders(const struct ir_node *n, void *data)
{
	struct holders *h = data;
	char path[RES_KEY_LEN];

	if (h->len >= MAX_HOLDERS)
		return 0;
	if (n->kind == IR_BINARY && n->op == CXBinaryOperator_Assign && n->nkids == 2 &&
	    is_register_call(n->kids[1]) && ir_path_text(n->kids[0], path, sizeof(path)))
		snprintf(h->path[h->len++], RES_KEY_LEN, "%s", path);
	else if (n->kind == IR_DECL && n->name && n->nkids == 1 && is_register_call(n->kids[0]))
		snprintf(h->path[h->len++], RES_KEY_LEN, "%s", n->name);
	return 1;
}

/* operand holds register_blkdev()'s result: the assignment itself, or a
 * path the function assigns it to */
static int holds_major(const struct holders *h, const struct ir_node *operand, char *path,
		       size_t len)
{
	const struct ir_node *o = ir_strip(operand);

	if (o && o->kind == IR_BINARY && o->op == CXBinaryOperator_Assign && o->nkids == 2 &&
	    is_register_call(o->kids[1]))
		return ir_path_text(o->kids[0], path, len);
	if (!o || !ir_path_text(o, path, len))
		return 0;
	for (unsigned i = 0; i < h->len; i++)
		if (!strcmp(h->path[i], path))
			return 1;
	return 0;
}

static int is_zero(const struct ir_node *n)
{
	n = ir_strip(n);
	return n && n->kind == IR_INTLIT && (n->flags & IRF_HAS_VALUE) && n->value == 0;
}

static int check_unsigned_test(const struct ir_node *n, void *data)
{
	const struct holders *h = data;
	const struct ir_node *operand;
	const char *op;
	char path[RES_KEY_LEN];

	if (n->kind != IR_BINARY || n->nkids != 2)
		return 1;
	/* x < 0, x <= 0, and the same written 0 > x, 0 >= x */
	if ((n->op == CXBinaryOperator_LT || n->op == CXBinaryOperator_LE) &&
	    (n->flags & IRF_LHS_UNSIGNED) && is_zero(n->kids[1])) {
		operand = n->kids[0];
		op = n->op == CXBinaryOperator_LT ? "< 0" : "<= 0";
	} else if ((n->op == CXBinaryOperator_GT || n->op == CXBinaryOperator_GE) &&
		   (n->flags & IRF_RHS_UNSIGNED) && is_zero(n->kids[0])) {
		operand = n->kids[1];
		op = n->op == CXBinaryOperator_GT ? "< 0" : "<= 0";
	} else {
		return 1;
	}
	if (!holds_major(h, operand, path, sizeof(path)))
		return 1;
	file_report(h->fc, n->loc, h->function,
		    "register_blkdev()'s result is kept in unsigned '%s' and tested '%s': "
		    "a negative error becomes a large major and %s, so a failed registration "
		    "goes unnoticed; keep the result in an int",
		    path, op, op[2] == '0' ? "the test is never true" :
		    "the test sees only 0");
	return 1;
}

/* A driver struct that can unbind its devices: .probe and .remove. */
static int has_driver_remove(const struct lowered_file *lf)
{
	for (size_t i = 0; i < lf->nglobals; i++)
		if (ir_global_field(&lf->globals[i], "probe") &&
		    (ir_global_field(&lf->globals[i], "remove") ||
		     ir_global_field(&lf->globals[i], "remove_new")))
			return 1;
	return 0;
}

static int keys_match(const char *a, const char *b)
{
	return !a[0] || !b[0] || !strcmp(a, b);
}

static void on_file(const struct file_context *fc)
{
	struct sites s = { .len = 0 };
	/* no module_exit and no driver .remove: nothing is ever torn down (a
	 * built-in driver, or a module that cannot be unloaded), so a major
	 * registered for the driver's lifetime is never due back */
	int teardown = fc->lf->has_module_exit || has_driver_remove(fc->lf);

	for (size_t i = 0; i < fc->lf->nfuncs; i++) {
		struct holders h = { .len = 0, .fc = fc, .function = fc->lf->funcs[i].name };

		s.fn = i;
		ir_walk(fc->lf->funcs[i].body, visit, &s);
		ir_walk(fc->lf->funcs[i].body, collect_holders, &h);
		ir_walk(fc->lf->funcs[i].body, check_unsigned_test, &h);
	}
	for (unsigned i = 0; i < s.len; i++) {
		const struct site *a = &s.items[i];
		int reg = is_register(ir_api_name(a->call)), paired = 0;
		char key[RES_KEY_LEN], other[RES_KEY_LEN], what[RES_KEY_LEN + 16];
		const char *function = fc->lf->funcs[a->fn].name;

		name_key(ir_call_arg(a->call, 1), key, sizeof(key));
		describe(key, what, sizeof(what));
		if (reg && a->statement) {
			file_report(fc, a->call->loc, function,
				    "return value of register_blkdev() is ignored: a failed "
				    "registration goes unnoticed");
			continue;
		}
		/* a register is paired by an unregister in another function (exit,
		 * remove): the one on its own error path does not count */
		for (unsigned j = 0; j < s.len && !paired; j++) {
			if (is_register(ir_api_name(s.items[j].call)) == reg ||
			    (reg && s.items[j].fn == a->fn))
				continue;
			name_key(ir_call_arg(s.items[j].call, 1), other, sizeof(other));
			paired = keys_match(key, other);
		}
		if (paired || (reg && !teardown))
			continue;
		if (reg)
			file_report(fc, a->call->loc, function,
				    "%s is never unregistered outside the function registering it: "
				    "unregister_blkdev() missing on exit", what);
		else
			file_report(fc, a->call->loc, function,
				    "unregister_blkdev() of a %s this file never registers "
				    "(it WARNs when the major is not registered)", what);
	}
}

/* the prefilter's trigger tokens (rules.h) */
static void tokens(struct string_list *out)
{
	string_list_push(out, "register_blkdev");
}

const struct rule rule_blkdev_imbalance = {
	.id = "blkdev-imbalance",
	.severity = "warning",
	.confidence = "medium",
	.summary = "register_blkdev without unregister_blkdev on an error path or on exit; "
		   "its result ignored or tested < 0 in an unsigned",
	.explain =
		"Why: register_blkdev(major, name) claims a major number (0: the kernel\n"
		"picks one and returns it; a fixed major: 0 on success) and it stays claimed\n"
		"until unregister_blkdev(major, name).  The 2.6 article (\"Driver porting:\n"
		"the gendisk interface\") describes register_blkdev() as optional since\n"
		"add_disk() claims the disk's own minors, but once called it must be undone:\n"
		"an init function that fails after registering leaves the major taken (the\n"
		"next load fails with -EBUSY, /proc/devices lists a dead driver, and with\n"
		"__register_blkdev(..., probe) an open of a node calls the probe of an\n"
		"unloaded module); unregister_blkdev() of a name never registered hits\n"
		"WARN_ON(1) (6.12 block/genhd.c:295, gendisk-api.md 1.2).  A result that is\n"
		"ignored hides a failed registration (major in use, or none left for 0).\n"
		"Checked: (a) error returns reached after a successful register_blkdev()\n"
		"in the same function without unregister_blkdev() (path-sensitive: the\n"
		"failure branch of the registration itself is not a leak; a same-file\n"
		"helper that unregisters counts); (b) a name registered in the file and\n"
		"never unregistered in another function of it (the exit or remove path),\n"
		"when the file tears anything down at all: a file without module_exit()\n"
		"and without a driver struct with .probe and .remove is built in or a\n"
		"module that cannot be unloaded (swim3, amiflop, UML's ubd), and a major\n"
		"registered for its lifetime is never due back;\n"
		"(c) an unregister of a name the file never\n"
		"registers; (d) register_blkdev() as a bare statement; (e) its result kept\n"
		"in an unsigned variable or field (unsigned int major, u32 dev->major) and\n"
		"tested \"< 0\" (never true: -EBUSY becomes 4294967280) or \"<= 0\" (true\n"
		"only for 0), so a failure goes unnoticed and the driver goes on with a\n"
		"bogus major (its disks fail to add, its exit unregisters a major it never\n"
		"had).  An explicit (int) cast before the test, or an int that is tested\n"
		"and then copied into the unsigned, is right.  Majors are matched\n"
		"by their name argument within one file, hence confidence medium.\n"
		"\n"
		"Wrong:\n"
		"\tmajor = register_blkdev(0, \"foo\");\n"
		"\tif (major < 0)\n"
		"\t\treturn major;\n"
		"\terr = foo_add_device();\n"
		"\tif (err)\n"
		"\t\treturn err;\n"
		"\n"
		"Right:\n"
		"\terr = foo_add_device();\n"
		"\tif (err) {\n"
		"\t\tunregister_blkdev(major, \"foo\");\n"
		"\t\treturn err;\n"
		"\t}\n"
		"\n"
		"Wrong:\n"
		"\tstatic unsigned int major;\n"
		"\tmajor = register_blkdev(0, \"foo\");\n"
		"\tif (major < 0)\n"
		"\t\treturn major;\n"
		"\n"
		"Right:\n"
		"\tstatic int major;\n"
		"\n"
		"Fix: unwind register_blkdev() with unregister_blkdev(major, name) on every\n"
		"error path after it succeeded and in the exit function; test its result\n"
		"(< 0 is failure; with major 0 the result is the major).\n",
	.on_event = on_event,
	.resources = &majors,
	.on_file = on_file,
	.tokens = tokens,
};
