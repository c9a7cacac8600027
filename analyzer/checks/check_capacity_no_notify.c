/*
 * capacity-no-notify: set_capacity() on a disk that is probably live, where
 * set_capacity_and_notify() sends the RESIZE=1 uevent user space waits for.
 * Heuristic, by source order and the file's call graph: (1) the same
 * function added that disk earlier; (2) the function neither allocates nor
 * adds a disk (itself or through same-file callees after the call) and is
 * not only called from such setup paths: a resize, revalidate, ioctl, sysfs
 * or work callback — except in removable-media drivers (floppies, CD
 * writers), whose capacity follows the medium; in files that send their
 * own uevents on their disks (disk_uevent, kobject_uevent[_env] on
 * disk_to_dev()); and in files that add their disk empty and size it only
 * later (no non-zero set_capacity on a setup path: the first sizing is
 * 0 -> N, for which set_capacity_and_notify() sends no RESIZE=1 either)
 * -- unless the sizing is reached from a handler user space can call again
 * and again on the live disk (a proc/file write, a sysfs store, an ioctl)
 * and nothing in the file empties the disk outside setup: the second
 * sizing is then N -> M, which needs the uevent.
 * set_capacity(disk, 0) is left alone (no uevent for an empty disk either
 * way).
 */
#include "file_rules.h"
#include "local_disks.h"
#include "module_facts.h"
#include "rules.h"

#include <clang-c/Index.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DEPTH 6

struct call_site {
	size_t caller, callee;
	struct ir_loc loc;
};

struct graph {
	const struct lowered_file *lf;
	struct call_site *sites;
	size_t nsites, cap;
	unsigned char *adds_direct; /* calls add_disk/device_add_disk */
	unsigned char *adds;        /* ... or through same-file callees */
	unsigned char *allocates;
	unsigned char *user_write;  /* a write/store/ioctl handler of an ops table */
	size_t fn;                  /* while collecting */
};

static int is_add(const char *name)
{
	return !strcmp(name, "add_disk") || !strcmp(name, "device_add_disk");
}

static int collect(const struct ir_node *n, void *data)
{
	struct graph *g = data;
	int callee;

	if (n->kind != IR_CALL)
		return 1;
	if (is_add(ir_api_name(n)))
		g->adds_direct[g->fn] = 1;
	callee = lowered_function_index(g->lf, ir_call_name(n));
	if (callee < 0)
		return 1;
	if (g->nsites == g->cap) {
		g->cap = g->cap ? g->cap * 2 : 64;
		g->sites = realloc(g->sites, g->cap * sizeof(*g->sites));
		if (!g->sites)
			abort();
	}
	g->sites[g->nsites++] = (struct call_site){ g->fn, (size_t)callee, n->loc };
	return 1;
}

/* Does fn add a disk (itself or through callees) at or after loc? */
static int adds_after(const struct graph *g, size_t fn, struct ir_loc loc, const struct local_disks *ld)
{
	for (unsigned i = 0; i < ld->adds.len; i++)
		if (ir_loc_before(loc, ld->adds.items[i].loc))
			return 1;
	for (size_t s = 0; s < g->nsites; s++)
		if (g->sites[s].caller == fn && g->adds[g->sites[s].callee] &&
		    ir_loc_before(loc, g->sites[s].loc))
			return 1;
	return 0;
}

/* Is every call of fn in this file made on a setup path (before the disk is
 * added)?  0 when fn has no caller here. */
static int only_called_in_setup(const struct graph *g, size_t fn, int depth)
{
	int any = 0;

	if (depth > MAX_DEPTH)
		return 0;
	for (size_t s = 0; s < g->nsites; s++) {
		const struct call_site *cs = &g->sites[s];
		struct local_disks ld;
		int setup;

		if (cs->callee != fn || cs->caller == fn)
			continue;
		any = 1;
		local_disks_collect(&ld, &g->lf->funcs[cs->caller]);
		setup = g->allocates[cs->caller] || adds_after(g, cs->caller, cs->loc, &ld) ||
			(!g->adds_direct[cs->caller] &&
			 only_called_in_setup(g, cs->caller, depth + 1));
		local_disks_free(&ld);
		if (!setup)
			return 0;
	}
	return any;
}

/* The same disk: one path, or a direct copy between the two (dev->disk =
 * disk).  Not local_disks_same(): its chains through collapsed arrays
 * (disks[0] = first; disks[1] = second) would make every disk one. */
static int same_disk(const struct local_disks *ld, const char *a, const char *b)
{
	if (!strcmp(a, b))
		return 1;
	for (unsigned i = 0; i < ld->copies.len; i++) {
		const struct ld_item *c = &ld->copies.items[i];

		if ((!strcmp(c->path, a) && !strcmp(c->other, b)) ||
		    (!strcmp(c->path, b) && !strcmp(c->other, a)))
			return 1;
	}
	return 0;
}

/* Is fn a handler user space can call on the live disk at any time and
 * any number of times, or called (through same-file callers) from one? */
static int reached_from_user_write(const struct graph *g, size_t fn, int depth)
{
	if (g->user_write[fn])
		return 1;
	if (depth > MAX_DEPTH)
		return 0;
	for (size_t s = 0; s < g->nsites; s++)
		if (g->sites[s].callee == fn && g->sites[s].caller != fn &&
		    reached_from_user_write(g, g->sites[s].caller, depth + 1))
			return 1;
	return 0;
}

/* The slots of ops tables through which user space writes to a driver:
 * proc_ops and file_operations write handlers, sysfs attribute stores,
 * ioctls (of a block_device_operations or a file_operations). */
static const char *const user_write_slots[] = {
	"proc_write", "write", "write_iter", "store", "ioctl", "unlocked_ioctl", "compat_ioctl",
};

static void mark_user_writes(struct graph *g, const struct module_facts *mf)
{
	if (!mf)
		return;
	for (size_t i = 0; i < sizeof(user_write_slots) / sizeof(user_write_slots[0]); i++) {
		const struct ops_slot *s;
		int from = -1;

		while ((s = module_facts_slot(mf, NULL, user_write_slots[i], &from))) {
			int fn = lowered_function_index(g->lf, s->function);

			if (fn >= 0)
				g->user_write[fn] = 1;
		}
	}
}

struct walk {
	const struct file_context *fc;
	const struct graph *g;
	size_t fn;
	const struct local_disks *ld;
	int removable; /* removable-media driver: only set_capacity after add_disk */
	int own_uevent; /* the file sends uevents on its disks itself */
	int sized_late; /* the file adds its disk empty and sizes it only later */
	int count_setup; /* pass 1: count non-zero set_capacity[_and_notify] on setup paths */
	int nsetup;
	int nreset; /* pass 1: set_capacity[_and_notify](disk, 0) outside setup */
};

static int visit(const struct ir_node *n, void *data)
{
	struct walk *w = data;
	const struct ir_function *fn = &w->fc->lf->funcs[w->fn];
	char path[LD_PATH_LEN];
	long long size;
	struct finding *f;
	char *note;
	int sized_late = w->sized_late;

	if (n->kind != IR_CALL || ir_call_nargs(n) != 2 ||
	    (strcmp(ir_api_name(n), "set_capacity") &&
	     (!w->count_setup || strcmp(ir_api_name(n), "set_capacity_and_notify"))) ||
	    !ir_path_text(ir_call_arg(n, 0), path, sizeof(path)))
		return 1;
	if (w->count_setup) {
		int setup = w->g->allocates[w->fn] || adds_after(w->g, w->fn, n->loc, w->ld) ||
			    only_called_in_setup(w->g, w->fn, 0);

		if (!ir_const_value(ir_call_arg(n, 1), &size) || size != 0)
			w->nsetup += setup;
		else
			w->nreset += !setup;
		return 1;
	}
	if (ir_const_value(ir_call_arg(n, 1), &size) && size == 0)
		return 1;
	for (unsigned i = 0; i < w->ld->adds.len; i++) {
		const struct ld_item *a = &w->ld->adds.items[i];

		if (!ir_loc_before(a->loc, n->loc) || !same_disk(w->ld, a->path, path))
			continue;
		f = file_report(w->fc, n->loc, fn->name,
				"set_capacity() on '%s' after add_disk(): user space gets no "
				"RESIZE=1 uevent; use set_capacity_and_notify()", path);
		if (f && asprintf(&note, "add_disk() of '%s' here", a->path) >= 0)
			finding_add_note(f, a->loc, note);
		return 1;
	}
	/* sized late, but again and again from a user write: N -> M */
	if (w->sized_late && !w->nreset && reached_from_user_write(w->g, w->fn, 0))
		sized_late = 0;
	if (w->removable || w->own_uevent || sized_late || w->g->allocates[w->fn] || adds_after(w->g, w->fn, n->loc, w->ld) ||
	    w->g->adds_direct[w->fn] || only_called_in_setup(w->g, w->fn, 0))
		return 1;
	file_report(w->fc, n->loc, fn->name,
		    "set_capacity() on '%s' outside the path that sets the disk up: on a live "
		    "disk user space gets no RESIZE=1 uevent; use set_capacity_and_notify()", path);
	return 1;
}

/* A constant the parse could not resolve (no headers), spelled
 * GENHD_FL_REMOVABLE or DISK_EVENT_MEDIA_CHANGE somewhere in n. */
static int names_media_constant(const struct ir_node *n)
{
	if (!n)
		return 0;
	if (n->kind == IR_UNKNOWN && n->name &&
	    (!strcmp(n->name, "GENHD_FL_REMOVABLE") || !strcmp(n->name, "DISK_EVENT_MEDIA_CHANGE")))
		return 1;
	for (unsigned i = 0; i < n->nkids; i++)
		if (names_media_constant(n->kids[i]))
			return 1;
	return 0;
}

/* disk->events = DISK_EVENT_MEDIA_CHANGE, or GENHD_FL_REMOVABLE (1 << 0)
 * stored or or-ed into ->flags */
static int media_flags_visit(const struct ir_node *n, void *data)
{
	int *removable = data;
	const struct ir_node *lhs;
	long long v;

	if (n->kind != IR_BINARY || n->nkids != 2 ||
	    (n->op != CXBinaryOperator_Assign && n->op != CXBinaryOperator_OrAssign))
		return 1;
	lhs = ir_strip(n->kids[0]);
	if (!lhs || lhs->kind != IR_MEMBER || !lhs->name)
		return 1;
	if ((!strcmp(lhs->name, "events") || !strcmp(lhs->name, "flags")) &&
	    names_media_constant(n->kids[1])) {
		*removable = 1;
		return 1;
	}
	if (!ir_const_value(n->kids[1], &v))
		return 1;
	if ((!strcmp(lhs->name, "events") && v) || (!strcmp(lhs->name, "flags") && (v & 1)))
		*removable = 1;
	return 1;
}

/* A removable-media driver: its capacity follows the medium, and the media
 * change (DISK_EVENT_MEDIA_CHANGE, ->check_events) is what user space hears. */
static int removable_media(const struct lowered_file *lf)
{
	int removable = 0;

	for (size_t i = 0; i < lf->nglobals && !removable; i++)
		if (!strcmp(lf->globals[i].type, "struct block_device_operations") &&
		    ir_global_field(&lf->globals[i], "check_events"))
			removable = 1;
	for (size_t i = 0; i < lf->nfuncs && !removable; i++)
		ir_walk(lf->funcs[i].body, media_flags_visit, &removable);
	return removable;
}

/* Does n (an argument) name a disk's own device: disk_to_dev(d), which
 * expands to &(d)->part0->bd_device, or a call of it the parse kept? */
static int names_disk_device(const struct ir_node *n)
{
	if (!n)
		return 0;
	if ((n->kind == IR_MEMBER && n->name && !strcmp(n->name, "bd_device")) ||
	    ((n->kind == IR_CALL || n->kind == IR_UNKNOWN) && n->name &&
	     !strcmp(n->name, "disk_to_dev")))
		return 1;
	for (unsigned i = 0; i < n->nkids; i++)
		if (names_disk_device(n->kids[i]))
			return 1;
	return 0;
}

/* disk_uevent(disk, ...), or kobject_uevent/kobject_uevent_env on
 * &disk_to_dev(disk)->kobj: the driver tells user space of its disks'
 * changes itself (dasd on going online, device-mapper's dm_kobject_uevent
 * with RESIZE=1 on resume). */
static int uevent_visit(const struct ir_node *n, void *data)
{
	int *own = data;
	const char *name;

	if (n->kind != IR_CALL)
		return 1;
	name = ir_api_name(n);
	if (!strcmp(name, "disk_uevent") ||
	    ((!strcmp(name, "kobject_uevent") || !strcmp(name, "kobject_uevent_env")) &&
	     ir_call_nargs(n) >= 2 && names_disk_device(ir_call_arg(n, 0))))
		*own = 1;
	return 1;
}

static int sends_own_uevent(const struct lowered_file *lf)
{
	int own = 0;

	for (size_t i = 0; i < lf->nfuncs && !own; i++)
		ir_walk(lf->funcs[i].body, uevent_visit, &own);
	return own;
}

static void on_file(const struct file_context *fc)
{
	const struct lowered_file *lf = fc->lf;
	struct graph g = { .lf = lf };
	int changed = 1;

	g.adds_direct = calloc(lf->nfuncs + 1, 1);
	g.adds = calloc(lf->nfuncs + 1, 1);
	g.allocates = calloc(lf->nfuncs + 1, 1);
	g.user_write = calloc(lf->nfuncs + 1, 1);
	if (!g.adds_direct || !g.adds || !g.allocates || !g.user_write)
		abort();
	mark_user_writes(&g, fc->facts);
	for (size_t i = 0; i < lf->nfuncs; i++) {
		struct local_disks ld;

		g.fn = i;
		ir_walk(lf->funcs[i].body, collect, &g);
		local_disks_collect(&ld, &lf->funcs[i]);
		g.allocates[i] = ld.allocs.len > 0;
		local_disks_free(&ld);
		g.adds[i] = g.adds_direct[i];
	}
	while (changed) {
		changed = 0;
		for (size_t s = 0; s < g.nsites; s++)
			if (g.adds[g.sites[s].callee] && !g.adds[g.sites[s].caller])
				g.adds[g.sites[s].caller] = changed = 1;
	}
	int removable = removable_media(lf), own = sends_own_uevent(lf), any_add = 0, nsetup = 0,
	    nreset = 0;

	for (size_t i = 0; i < lf->nfuncs; i++)
		any_add |= g.adds_direct[i];
	/* pass 1: does the file size a disk before it adds it? */
	for (size_t i = 0; i < lf->nfuncs && any_add; i++) {
		struct local_disks ld;
		struct walk w = { .fc = fc, .g = &g, .fn = i, .ld = &ld, .count_setup = 1 };

		local_disks_collect(&ld, &lf->funcs[i]);
		ir_walk(lf->funcs[i].body, visit, &w);
		nsetup += w.nsetup;
		nreset += w.nreset;
		local_disks_free(&ld);
	}
	for (size_t i = 0; i < lf->nfuncs; i++) {
		struct local_disks ld;
		struct walk w = { .fc = fc, .g = &g, .fn = i, .ld = &ld, .removable = removable,
				  .own_uevent = own, .sized_late = any_add && nsetup == 0,
				  .nreset = nreset };

		local_disks_collect(&ld, &lf->funcs[i]);
		ir_walk(lf->funcs[i].body, visit, &w);
		local_disks_free(&ld);
	}
	free(g.sites);
	free(g.adds_direct);
	free(g.adds);
	free(g.allocates);
	free(g.user_write);
}

/* the prefilter's trigger tokens (rules.h) */
static void tokens(struct string_list *out)
{
	string_list_push(out, "set_capacity");
}

const struct rule rule_capacity_no_notify = {
	.id = "capacity-no-notify",
	.severity = "warning",
	.confidence = "low",
	.summary = "set_capacity on a live disk where set_capacity_and_notify is due (heuristic)",
	.explain =
		"Why: the 2.6 article (\"Driver porting: the gendisk interface\") has the\n"
		"driver set the size with set_capacity() \"as part of the initialization\n"
		"process\", before add_disk().  Once the disk is live, a size change must\n"
		"reach user space: set_capacity_and_notify() (6.12 block/genhd.c:69,\n"
		"gendisk-api.md 1.3) sends the KOBJ_CHANGE uevent with RESIZE=1 that udev\n"
		"and systemd react to (re-reading the size, growing file systems), and logs\n"
		"\"detected capacity change\".  Plain set_capacity() changes the number\n"
		"silently: lsblk, udev rules and mounted file systems keep the old size.\n"
		"(set_capacity_and_notify() sends nothing before add_disk(), so it is also\n"
		"safe in code shared by probe and resize.)\n"
		"Heuristic (source order and the file's call graph, no paths): reported\n"
		"when the same function called add_disk() on the disk before the\n"
		"set_capacity(), or when the function neither allocates a disk nor adds\n"
		"one afterwards (itself or through same-file callees) and is not called\n"
		"only from such setup functions in this file: resize, revalidate, open,\n"
		"ioctl, sysfs and work callbacks.  That second case is skipped in\n"
		"removable-media drivers (a disk->events media-change mask,\n"
		"GENHD_FL_REMOVABLE, or fops with ->check_events: floppy, ataflop, swim,\n"
		"pktcdvd), where the capacity follows the medium at open/revalidate and\n"
		"the media-change event is what user space hears.  Also skipped: files that\n"
		"send their own uevents on their disks (disk_uevent(), kobject_uevent[_env]()\n"
		"on &disk_to_dev(disk)->kobj, as dasd and device-mapper do), and files that\n"
		"add their disk empty and size it only later (no non-zero set_capacity() on\n"
		"a setup path: z2ram sizes on first open; a 0 -> N change\n"
		"gets no RESIZE=1 from set_capacity_and_notify() either, genhd.c:69) --\n"
		"except where the sizing is reached from a handler user space can call\n"
		"again on the live disk (.proc_write, .write, .store, .ioctl of an ops\n"
		"table: simdisk's /proc attach) and no non-setup code empties the disk\n"
		"with set_capacity(disk, 0): the next write is an N -> M change.\n"
		"Helpers reached from another file's probe are reported.\n"
		"set_capacity(disk, 0) is not reported.  Confidence low.\n"
		"\n"
		"Wrong:\n"
		"static void foo_config_changed(struct work_struct *work)\n"
		"{\n"
		"\t...\n"
		"\tset_capacity(dev->disk, new_sectors);\n"
		"}\n"
		"\n"
		"Right:\n"
		"\tset_capacity_and_notify(dev->disk, new_sectors);\n"
		"\n"
		"Fix: call set_capacity_and_notify() wherever the capacity of an added disk\n"
		"changes; keep set_capacity() for the setup before add_disk().\n",
	.on_file = on_file,
	.tokens = tokens,
};
