/* fail-after-add: an error return after add_disk() succeeded, disk still live. */
#include "ast_lowering.h"
#include "rules.h"
#include "typestate.h"
#include "summaries.h"

#include <string.h>

/* The last member name of a path ("d->disk" and "dc->disk.disk": "disk"). */
static const char *last_member(const char *path)
{
	const char *a = strrchr(path, '>'), *d = strrchr(path, '.');
	const char *m = a > d ? a : d;

	return m ? m + 1 : NULL;
}

/* Does the expression mention a member named name (dc->running, &dc->running)? */
static int mentions_member(const struct ir_node *n, const char *name)
{
	if (!n)
		return 0;
	if (n->kind == IR_MEMBER && n->name && !strcmp(n->name, name))
		return 1;
	for (unsigned i = 0; i < n->nkids; i++)
		if (mentions_member(n->kids[i], name))
			return 1;
	return 0;
}

/* Under n, an if whose condition mentions member flag and whose branch
 * calls del_gendisk() on a path ending in ->field / .field? */
static int flagged_teardown(const struct ir_node *n, const char *flag, const char *field)
{
	if (!n)
		return 0;
	if (n->kind == IR_IF && n->nkids >= 2 && mentions_member(n->kids[0], flag)) {
		for (unsigned b = 1; b < n->nkids; b++) {
			const struct ir_node *k = n->kids[b];
			const struct ir_node *stack[64];
			unsigned sp = 0;

			stack[sp++] = k;
			while (sp) {
				const struct ir_node *x = stack[--sp];
				const struct ir_node *a;

				if (x->kind == IR_CALL && !strcmp(ir_api_name(x), "del_gendisk") &&
				    (a = ir_strip(ir_call_arg(x, 0))) != NULL && a->kind == IR_MEMBER &&
				    a->name && !strcmp(a->name, field))
					return 1;
				for (unsigned i = 0; i < x->nkids && sp < 64; i++)
					stack[sp++] = x->kids[i];
			}
		}
	}
	for (unsigned i = 0; i < n->nkids; i++)
		if (flagged_teardown(n->kids[i], flag, field))
			return 1;
	return 0;
}

/* The members this function sets as flags: assigned (x->running = 1) or
 * written through their address by a call (atomic_xchg(&dc->running, 1),
 * set_bit(N, &x->flags)).  Calls back for each; stops when it returns 1. */
static int each_flag_written(const struct ir_node *n, int (*fn)(const char *, void *), void *arg)
{
	if (!n)
		return 0;
	if (n->kind == IR_BINARY && n->op == CXBinaryOperator_Assign && n->nkids == 2) {
		const struct ir_node *l = ir_strip(n->kids[0]);

		if (l && l->kind == IR_MEMBER && l->name && fn(l->name, arg))
			return 1;
	}
	if (n->kind == IR_CALL) {
		for (unsigned i = 0; i < ir_call_nargs(n); i++) {
			const struct ir_node *a = ir_strip(ir_call_arg(n, i));

			if (a && a->kind == IR_UNARY && a->op == CXUnaryOperator_AddrOf &&
			    a->nkids == 1 && (a = ir_strip(a->kids[0])) != NULL &&
			    a->kind == IR_MEMBER && a->name && fn(a->name, arg))
				return 1;
		}
	}
	for (unsigned i = 0; i < n->nkids; i++)
		if (each_flag_written(n->kids[i], fn, arg))
			return 1;
	return 0;
}

struct flag_query {
	const struct lowered_file *lf;
	const struct ir_function *self;
	const char *field;
};

static int teardown_tests_flag(const char *flag, void *arg)
{
	const struct flag_query *q = arg;

	for (size_t f = 0; f < q->lf->nfuncs; f++)
		if (strcmp(q->lf->funcs[f].name, q->self->name) &&
		    flagged_teardown(q->lf->funcs[f].body, flag, q->field))
			return 1;
	return 0;
}

/*
 * A disk of an object the function was given, whose state the owner keeps
 * in a flag: the function sets a member (dc->running) that another
 * function of the file tests before deleting it (cached_dev_free():
 * if (atomic_read(&dc->running)) del_gendisk(dc->disk.disk)).  An error
 * return leaves the disk to that teardown, as bcache's
 * bch_cached_dev_run() does.
 */
static int owner_flag_teardown(const struct lint_event *ev, int obj, const struct obj_state *st)
{
	const struct tracked_object *t = &ev->fa->objs[obj];
	struct flag_query q;

	/* only a disk the function was given: one it allocated is its own */
	if (st->alloc_loc.line || !ev->fa->summaries || !ev->fa->summaries->lf)
		return 0;
	q.lf = ev->fa->summaries->lf;
	q.self = ev->fa->fn;
	q.field = last_member(t->path);
	if (!q.field || !*q.field)
		return 0;
	return each_flag_written(ev->fa->fn->body, teardown_tests_flag, &q);
}

/*
 * Module init that fails after a disk went live, even when it deleted and
 * put the disk first: a live disk may already be open (udev, and on 6.12
 * add_disk()'s own partition scan, whose final fput() is deferred to
 * task_work), and a failing init frees the module whatever its reference
 * count, so the late release calls into freed code.  The 2.6 article:
 * "you should not fail the initialization process after the first call".
 * Judged only in the function module_init() names.
 */
static int init_failed_after_live(const struct lint_event *ev)
{
	const struct summary_table *t = ev->fa->summaries;
	struct finding *f;

	if (!t || !t->lf || !t->lf->module_init || strcmp(t->lf->module_init, ev->fa->fn->name))
		return 0;
	for (unsigned c = 0; c < ev_nconfigs(ev); c++) {
		if (!ev_return_is_error(ev, c))
			continue;
		for (unsigned o = 0; o < ev->fa->nobjs; o++) {
			const struct obj_state *st = ev_obj(ev, c, (int)o);

			if (!st->added_once || !st->add_loc.line || !ev_is_group_leader(ev, c, (int)o))
				continue;
			f = lint_report(ev, "fail-after-add", ev->loc,
					"module init returns an error after add_disk() of '%s' "
					"succeeded: the disk was live and may be open, and a failed "
					"init frees the module under it; remove the disks and return 0",
					ev_obj_path(ev, (int)o));
			lint_note(f, st->add_loc, "add_disk() succeeded here");
			return 1;
		}
	}
	return 0;
}

/* A collapsed array element (unit[].disk[]) is judged only when this path
 * added one of its elements through a helper that makes and adds a disk
 * (EFFECT_ADD_ON_ZERO: fd_alloc_disk(drive, 0) || fd_alloc_disk(drive, 1))
 * and nothing deleted or put any element since: whichever index it was,
 * that disk is still added. */
static int helper_added_element(const struct obj_state *st)
{
	return st->add_self_cleans == 3 && st->bits == DS_ADDED && !st->del_loc.line &&
	       !st->put_loc.line && !st->escaped;
}

static void on_event(const struct lint_event *ev)
{
	if (ev->kind != EV_RETURN)
		return;
	for (unsigned c = 0; c < ev_nconfigs(ev); c++) {
		if (!ev_return_is_error(ev, c))
			continue;
		for (unsigned o = 0; o < ev->fa->nobjs; o++) {
			const struct obj_state *st = ev_obj(ev, c, (int)o);
			struct finding *f;

			if (!(st->bits & DS_ADDED) || !st->add_loc.line ||
			    !ev_is_group_leader(ev, c, (int)o) ||
			    ev_return_hands_over(ev, c, (int)o) ||
			    (ev_group_is_weak(ev, c, (int)o) && !helper_added_element(st)) ||
			    owner_flag_teardown(ev, (int)o, st))
				continue;
			f = lint_report(ev, "fail-after-add", ev->loc,
					"error return leaves '%s' added: del_gendisk() and put_disk() missing on this path",
					ev_obj_path(ev, (int)o));
			lint_note(f, st->add_loc, "add_disk() succeeded here");
			return;
		}
	}
	init_failed_after_live(ev);
}

const struct rule rule_fail_after_add = {
	.id = "fail-after-add",
	.severity = "warning",
	.confidence = "high",
	.summary = "init/probe returns an error after add_disk succeeded, without del_gendisk + put_disk",
	.explain =
		"Why: once add_disk() returned 0 the disk is live (disk_live(), set by bdev_add\n"
		"during add_disk, block/genhd.c:385-405 in 6.12): user space can open it and\n"
		"I/O can arrive.  A probe or init that then fails and returns an error\n"
		"leaves a registered disk behind whose driver thinks it failed - typically its\n"
		"private data and tag set are freed next, and the live disk points at freed\n"
		"memory.  Teardown of an added disk is del_gendisk() then put_disk()\n"
		"(gendisk-api.md 2.8).\n"
		"\n"
		"Wrong:\n"
		"\terr = add_disk(disk);\n"
		"\tif (err)\n"
		"\t\tgoto out_put_disk;\n"
		"\terr = sysfs_create_group(&disk_to_dev(disk)->kobj, &attr_group);\n"
		"\tif (err)\n"
		"\t\tgoto out_put_disk;\t/* disk still added */\n"
		"\n"
		"Right:\n"
		"\terr = sysfs_create_group(&disk_to_dev(disk)->kobj, &attr_group);\n"
		"\tif (err)\n"
		"\t\tgoto out_del_disk;\n"
		"\t...\n"
		"out_del_disk:\n"
		"\tdel_gendisk(disk);\n"
		"out_put_disk:\n"
		"\tput_disk(disk);\n"
		"\n"
		"Fix: do everything that can fail before add_disk() (add_disk is the last step\n"
		"of probe), or unwind with del_gendisk() + put_disk() after it.\n"
		"\n"
		"Module init is stricter than probe: on 6.12 returning an error from\n"
		"module_init after a successful add_disk() is unsafe even with a correct\n"
		"del_gendisk() + put_disk() unwind.  add_disk()'s partition scan opens the\n"
		"disk as a file and fput()s it (disk_scan_partitions(), block/genhd.c:343-382);\n"
		"from insmod the final release is deferred to task_work that runs on the way\n"
		"back to user space, after do_init_module() freed the failed module\n"
		"(kernel/module/main.c:2839-2848, whatever its reference count), so\n"
		"bdev_release() -> blkdev_put_whole() calls through disk->fops into freed\n"
		"memory: an oops on every such load in this project's reference driver\n"
		"(reference-driver/README.md; none on 6.1, none with GENHD_FL_NO_PART).  Any\n"
		"other opener still holding the disk (udev's blkid) hits the same on every\n"
		"kernel.  So in init: prepare every disk first, add them last, and after a\n"
		"disk went live handle a failure by removing the disks and returning 0.  In\n"
		"a probe function (the module stays loaded) the del_gendisk() + put_disk()\n"
		"unwind followed by an error return is fine.  This rule reports the missing\n"
		"unwind; it does not (yet) tell init from probe.\n"
		"\n"
		"A helper of the file that allocates a disk, stores it and adds it, putting\n"
		"it again when its own add fails (fd_alloc_disk() in amiflop), counts as\n"
		"an add_disk() at its call: after it returned 0 the caller holds an added\n"
		"disk.  Two such disks in one collapsed array slot (unit[].disk[]) are\n"
		"judged while nothing deleted or put an element of it since.\n",
	.on_event = on_event,
	.tokens = disk_lifecycle_tokens,
};
