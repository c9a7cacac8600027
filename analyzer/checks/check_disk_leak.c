/* disk-leak: an allocated, never-added gendisk reaches an error return without put_disk(). */
#include "rules.h"
#include "summary_table.h"
#include "teardown_pairs.h"
#include "typestate.h"

#include <clang-c/Index.h>
#include <string.h>

/* Was a disk of obj's alias group released (put, deleted) or handed to
 * a function that may keep it, in configuration c? */
static int group_released(const struct lint_event *ev, unsigned c, int obj)
{
	int g = ev_obj(ev, c, obj)->group;

	for (unsigned i = 0; i < ev->fa->nobjs; i++) {
		const struct obj_state *st = ev_obj(ev, c, (int)i);

		if (st->group == g && (st->put_loc.line || st->del_loc.line || st->escaped))
			return 1;
	}
	return 0;
}

/*
 * A collapsed array element (gdram_devs[]->disk) stands for many disks and
 * a release loop may run zero times, so "allocated here" is no leak by
 * itself.  It must leak when the function allocated it on some path to an
 * error return and no element of it is released on any path to that
 * return: no configuration there has a put, a del or an escape.
 */
/* Does the function step a counter member of root (host->nr_disks++,
 * dev->count += n)?  The array is then counted by it, and which elements
 * exist is a relation the engine does not follow. */
static int steps_counter_of(const struct ir_node *n, const char *root)
{
	const struct ir_node *l = NULL;

	if (!n)
		return 0;
	if (n->kind == IR_UNARY && n->nkids == 1 && n->op >= CXUnaryOperator_PostInc &&
	    n->op <= CXUnaryOperator_PreDec)
		l = n->kids[0];
	else if (n->kind == IR_BINARY && n->nkids == 2 && (n->op == CXBinaryOperator_AddAssign ||
							    n->op == CXBinaryOperator_SubAssign))
		l = n->kids[0];
	for (l = ir_strip(l); l && l->kind == IR_MEMBER && l->nkids == 1; l = ir_strip(l->kids[0]))
		if (ir_strip(l->kids[0]) && ir_strip(l->kids[0])->kind == IR_DECLREF &&
		    ir_strip(l->kids[0])->name && !strcmp(ir_strip(l->kids[0])->name, root))
			return 1;
	for (unsigned i = 0; i < n->nkids; i++)
		if (steps_counter_of(n->kids[i], root))
			return 1;
	return 0;
}

static void weak_must_leak(const struct lint_event *ev, int obj)
{
	const struct obj_state *alloc = NULL;
	struct finding *f;

	if (steps_counter_of(ev->fa->fn->body, ev->fa->objs[obj].root))
		return;

	for (unsigned c = 0; c < ev_nconfigs(ev); c++) {
		const struct obj_state *st = ev_obj(ev, c, obj);

		if (group_released(ev, c, obj) || ev_return_hands_over(ev, c, obj))
			return;
		if (!alloc && ev_return_is_error(ev, c) &&
		    (st->bits & (DS_UNCHECKED | DS_ALLOCATED)) && st->alloc_loc.line &&
		    ev_is_group_leader(ev, c, obj))
			alloc = st;
	}
	if (!alloc)
		return;
	f = lint_report(ev, "disk-leak", ev->loc,
			"'%s' leaked: allocated disks of the array reach this error return and "
			"none is released on any path here",
			ev_obj_path(ev, obj));
	lint_note(f, alloc->alloc_loc, "'%s' allocated here", ev_obj_path(ev, obj));
}

/*
 * Index ranges (array_ranges.h): each-element loops allocated [0, A) of
 * the array and released [0, R), and R is known to be below A -- the
 * unwinding "while (--i >= 0)" after a failure at element i of a loop
 * over all of [0, N).  2: R = i + 1 with i < N, a leak unless the loop
 * failed at its last element.  Nothing is concluded when the ranges
 * cannot be compared.
 */
static void weak_range_leak(const struct lint_event *ev, int obj)
{
	char lo[96], hi[96];
	struct ir_loc alloc = { 0, 0 };
	int verdict = 0;

	for (unsigned c = 0; c < ev_nconfigs(ev); c++) {
		char l[96], h[96];
		int v;

		if (!ev_return_is_error(ev, c) || !ev_is_group_leader(ev, c, obj) ||
		    ev_return_hands_over(ev, c, obj))
			continue;
		v = ev_range_leak(ev, c, obj, l, h, sizeof(l));
		if (!v)
			continue;
		/* the surest verdict, then a configuration that saw the allocation */
		if (!verdict || v < verdict || (v == verdict && !alloc.line)) {
			if (!verdict || v < verdict) {
				memcpy(lo, l, sizeof(lo));
				memcpy(hi, h, sizeof(hi));
			}
			verdict = !verdict || v < verdict ? v : verdict;
			if (ev_obj(ev, c, obj)->alloc_loc.line)
				alloc = ev_obj(ev, c, obj)->alloc_loc;
		}
	}
	if (verdict) {
		struct finding *f = lint_report(
			ev, "disk-leak", ev->loc,
			"'%s' leaked on this error path: elements [%s, %s) allocated in a loop are "
			"not released%s (released: [0, %s))",
			ev_obj_path(ev, obj), lo, hi,
			verdict == 2 ? " when the failing iteration was not the last" : "", lo);

		lint_note(f, alloc, "'%s' allocated here", ev_obj_path(ev, obj));
	}
}

/*
 * A teardown: the function deletes a disk it did not allocate (taken from a
 * global or a struct: gd.disk, dev->disk, disks[]) and returns without
 * putting it (on this path it deleted the disk, or found none, or left it
 * alone: a loop over an array may run zero times).
 * The put may well be elsewhere -- a kref or kobject release, ->free_disk's
 * owner, a devm action, a *_free() helper, another file of the module --
 * so this is a leak only when the module-wide facts (teardown_pairs.h) show
 * that no function of the module puts that disk at all and nothing else
 * can.
 */
static int teardown_candidate(const struct lint_event *ev, unsigned c, int obj)
{
	const struct obj_state *st = ev_obj(ev, c, obj);
	int g = st->group;

	if (!(st->bits & DS_DELETED) || (st->bits & ~(DS_DELETED | DS_NONE | DS_ENTRY)) ||
	    !st->del_loc.line || st->alloc_loc.line || st->add_loc.line ||
	    ev_return_hands_over(ev, c, obj))
		return 0;
	for (unsigned i = 0; i < ev->fa->nobjs; i++) {
		const struct obj_state *o = ev_obj(ev, c, (int)i);

		if (o->group == g && (o->put_loc.line || o->escaped || o->alloc_loc.line))
			return 0;
	}
	return 1;
}

static void teardown_leak(const struct lint_event *ev)
{
	struct summary_table *t = ev->fa->summaries;

	if (!t)
		return;
	for (unsigned c = 0; c < ev_nconfigs(ev); c++)
		for (unsigned o = 0; o < ev->fa->nobjs; o++) {
			const struct obj_state *st = ev_obj(ev, c, (int)o);
			enum teardown_fate fate = TEARDOWN_UNKNOWN;
			const char *allocator = NULL;
			struct finding *f;

			if (!ev_is_group_leader(ev, c, (int)o) || !teardown_candidate(ev, c, (int)o))
				continue;
			/* any path of the disk's alias group that the module releases */
			for (unsigned i = 0; i < ev->fa->nobjs; i++) {
				enum teardown_fate one;
				const char *a = NULL;

				if (ev_obj(ev, c, (int)i)->group != st->group)
					continue;
				one = teardown_fate(t, ev->fa->fn, &ev->fa->objs[i], &a);
				if (one == TEARDOWN_RELEASED) {
					fate = one;
					break;
				}
				if (one == TEARDOWN_NEVER_PUT && fate == TEARDOWN_UNKNOWN) {
					fate = one;
					allocator = a;
					o = i;
				}
			}
			if (fate != TEARDOWN_NEVER_PUT)
				continue;
			f = lint_report(ev, "disk-leak", st->del_loc,
					"'%s' is deleted here and never put: no function of the "
					"module calls put_disk() on it, so the disk%s%s%s leaks",
					ev_obj_path(ev, (int)o), allocator ? " (allocated in " : "",
					allocator ? allocator : "", allocator ? "())" : "");
			if (f)
				lint_note(f, ev->loc, "returns without put_disk()");
			return;
		}
}

static void on_event(const struct lint_event *ev)
{
	if (ev->kind != EV_RETURN)
		return;
	teardown_leak(ev);
	for (unsigned o = 0; o < ev->fa->nobjs; o++)
		if (ev->fa->objs[o].weak) {
			weak_must_leak(ev, (int)o);
			weak_range_leak(ev, (int)o);
		}
	for (unsigned c = 0; c < ev_nconfigs(ev); c++) {
		if (!ev_return_is_error(ev, c))
			continue;
		for (unsigned o = 0; o < ev->fa->nobjs; o++) {
			const struct obj_state *st = ev_obj(ev, c, (int)o);
			struct finding *f;

			if (!(st->bits & (DS_UNCHECKED | DS_ALLOCATED)) || !st->alloc_loc.line ||
			    st->escaped || !ev_is_group_leader(ev, c, (int)o) ||
			    ev_return_hands_over(ev, c, (int)o) ||
			    ev_group_is_weak(ev, c, (int)o))
				continue;
			f = lint_report(ev, "disk-leak", ev->loc,
					"'%s' leaked on this error path: put_disk() missing",
					ev_obj_path(ev, (int)o));
			lint_note(f, st->alloc_loc, "'%s' allocated here", ev_obj_path(ev, (int)o));
			return;
		}
	}
}

const struct rule rule_disk_leak = {
	.id = "disk-leak",
	.severity = "warning",
	.confidence = "high",
	.summary = "an allocated gendisk reaches an error return without put_disk, or a "
		   "teardown deletes a disk no function of the module puts",
	.explain =
		"Why: allocation is device_initialize() and the reference belongs to the\n"
		"driver until put_disk() (the 2002 refcount design behind the 2.6 article;\n"
		"__alloc_disk_node, block/genhd.c:1369-1405 in 6.12).  An error path that\n"
		"returns without put_disk() leaks the gendisk, its request queue (the disk\n"
		"owns it: GD_OWNS_QUEUE, genhd.c:1445) and for blk-mq its hardware contexts.\n"
		"\n"
		"Wrong:\n"
		"\tdisk = blk_alloc_disk(&lim, NUMA_NO_NODE);\n"
		"\tif (IS_ERR(disk))\n"
		"\t\treturn PTR_ERR(disk);\n"
		"\tdev->buf = kzalloc(SZ_4K, GFP_KERNEL);\n"
		"\tif (!dev->buf)\n"
		"\t\treturn -ENOMEM;\n"
		"\n"
		"Right:\n"
		"\tdev->buf = kzalloc(SZ_4K, GFP_KERNEL);\n"
		"\tif (!dev->buf) {\n"
		"\t\terr = -ENOMEM;\n"
		"\t\tgoto out_put_disk;\n"
		"\t}\n"
		"\t...\n"
		"out_put_disk:\n"
		"\tput_disk(disk);\n"
		"\treturn err;\n"
		"\n"
		"Fix: unwind with put_disk() on every error path after the allocation\n"
		"succeeded (the goto-label ladder in reverse order of setup).\n"
		"\n"
		"Arrays of disks: when one loop allocates the disks of all units and a\n"
		"later step fails at unit i, the unwinding must release every allocated\n"
		"unit, not only those below i (\"while (--i >= 0)\" after a failure in a\n"
		"second loop over the units leaves units i and above).  Reported when\n"
		"the loops' index ranges are comparable: allocated [0, N), released\n"
		"[0, i) with i < N.  Fix: release [0, N) on that path, e.g. a label\n"
		"that loops over all units and skips the ones that hold no disk.\n"
		"\n"
		"Teardown: del_gendisk() only unregisters the disk; the reference from\n"
		"the allocation is still the driver's (del_gendisk() and put_disk() are\n"
		"two steps, genhd.c).  A remove or exit function that deletes a disk it\n"
		"takes from a global or a struct (gd.disk, dev->disk) and returns\n"
		"without put_disk() leaks it on every unbind -- unless the put is done\n"
		"elsewhere.  So this is reported only when no function of the module\n"
		"puts that disk: the fields are matched module-wide by the struct that\n"
		"declares them (dev->disk in remove is d->disk in a kref release), over\n"
		"the analysed file and the module's other files, release callbacks\n"
		"(kref, kobject, devm actions, work items) and helpers included.  Not\n"
		"reported when the disk is filed where other code finds it (an xarray,\n"
		"an idr, driver data), when a put takes a disk of no known path, when\n"
		"the struct is declared outside the driver's own files, or when files\n"
		"of the module that may put a disk were not analysed with this one.\n"
		"\n"
		"Wrong:\n"
		"\tstatic void foo_remove(struct platform_device *pdev)\n"
		"\t{\n"
		"\t\tstruct foo *foo = platform_get_drvdata(pdev);\n"
		"\n"
		"\t\tdel_gendisk(foo->disk);\n"
		"\t\tkfree(foo);\n"
		"\t}\n"
		"\n"
		"Right:\n"
		"\t\tdel_gendisk(foo->disk);\n"
		"\t\tput_disk(foo->disk);\n"
		"\t\tkfree(foo);\n",
	.on_event = on_event,
	.tokens = disk_lifecycle_tokens,
};
