/*
 * dangling-disk-pointer: a function puts a disk it never made live (a
 * failed setup) but returns with the disk still stored in a field of a
 * structure that outlives it (reached through a parameter or a global),
 * and another function of the file reads that field: the stale pointer
 * is used later (ublk_stop_dev(), blkfront_remove(), simdisk_teardown()).
 *
 * The second shape: the allocator's ERR_PTR stored straight into such a
 * field and left there on the IS_ERR() path, while another function of
 * the file tests the field only against NULL before del_gendisk() or
 * put_disk() (simdisk_setup(), swim_floppy_init(), bcache_device_init()).
 *
 * The third: a registration with another subsystem that keeps the disk
 * (register_cdrom(disk, cdi) links cdi, whose ->disk is the disk, into the
 * cdrom list) still held on an error return of the function that made it:
 * the list keeps the disk and cdi the unwind releases (path-sensitive: a
 * resource of the engine, resource_objects.h).
 */
#include "empty_slots.h"
#include "file_rules.h"
#include "module_facts.h"
#include "owner_fields.h"
#include "rules.h"
#include "summaries.h"
#include "typestate.h"

#include <clang-c/Index.h>
#include <stdio.h>
#include <string.h>

/* The last member name of a path ("d->disk" and "dc->disk.disk": "disk"). */
static const char *last_member(const char *path)
{
	const char *a = strrchr(path, '>'), *d = strrchr(path, '.');
	const char *m = a > d ? a : d;

	return m && m[1] ? m + 1 : NULL;
}

/* The states a disk can be put from and still be dangling in a field: it
 * was never live (allocated, or add_disk() failed).  A disk put after it
 * was added or deleted, or that came from outside the function, is a
 * teardown's: the owner is going away with it. */
#define NEVER_LIVE (DS_UNCHECKED | DS_ALLOCATED | DS_ADD_FAILED)

/* The owner of path outlives fn and may be seen by another function:
 * through a parameter only when every caller is in the module (what
 * becomes of the struct after the failure is theirs): fn is static, or it
 * is called from another file of the module the front end lowered (the
 * module's own API: aoeblk_gdalloc() is run by aoecmd.c's work; a file
 * that calls one of this file's lifecycle functions is lowered, so what
 * it does on their failure is seen); through a global only in a function the module calls (a failed
 * probe or init entry point is not bound afterwards).  lf is the module's
 * function table (module_facts.all) when its other files are known. */
static int owner_outlives(const struct lowered_file *lf, const struct fn_analysis *fa,
			  int param)
{
	const struct module_facts *mf = fa->summaries ? fa->summaries->facts : NULL;

	if (param >= 0)
		return fa->fn->is_static ||
		       (mf && mf->nmodule && owner_function_called(lf, fa->fn));
	return owner_function_called(lf, fa->fn);
}

/* A local that only ever holds a parameter (struct foo *d = vp; never
 * assigned again: a work or thread function's void * argument): the
 * parameter's index, else -1. */
struct param_copy {
	const struct ir_function *fn;
	const char *local;
	int param;     /* the parameter the declaration copies */
	int assigned;  /* the local is assigned elsewhere */
};

static int param_copy_visit(const struct ir_node *n, void *data)
{
	struct param_copy *pc = data;
	const struct ir_node *v;

	if (n->kind == IR_DECL && n->name && !strcmp(n->name, pc->local)) {
		v = n->nkids == 1 ? ir_strip(n->kids[0]) : NULL;
		pc->param = -1;
		for (unsigned i = 0; v && v->kind == IR_DECLREF && v->name && i < pc->fn->nparams; i++)
			if (!strcmp(pc->fn->params[i], v->name))
				pc->param = (int)i;
		if (pc->param < 0)
			pc->assigned = 1;
	} else if (n->kind == IR_BINARY && n->op == CXBinaryOperator_Assign && n->nkids == 2 &&
		   (v = ir_strip(n->kids[0])) && v->kind == IR_DECLREF && v->name &&
		   !strcmp(v->name, pc->local)) {
		pc->assigned = 1;
	}
	return !pc->assigned;
}

static int param_copied_into(const struct ir_function *fn, const char *local)
{
	struct param_copy pc = { .fn = fn, .local = local, .param = -1 };

	ir_walk(fn->body, param_copy_visit, &pc);
	return pc.assigned ? -1 : pc.param;
}

/* The second shape: an ERR_PTR left in a long-lived field that another
 * function tests only against NULL before deleting or putting it. */
static void errptr_left(const struct lint_event *ev, const struct lowered_file *lf, unsigned o)
{
	const struct tracked_object *t = &ev->fa->objs[o];
	const struct obj_state *st = NULL;
	struct null_tested_release r;
	const char *field, *record;
	struct finding *f;

	if (t->local || t->local_root || !(field = last_member(t->path)) ||
	    !owner_outlives(lf, ev->fa, t->param))
		return;
	for (unsigned c = 0; c < ev_nconfigs(ev) && !st; c++)
		if (ev_obj(ev, c, (int)o)->errptr && ev_obj(ev, c, (int)o)->err_loc.line)
			st = ev_obj(ev, c, (int)o);
	if (!st)
		return;
	record = owner_field_record(ev->fa->fn, t->path);
	if (!owner_field_null_tested_release(lf, ev->fa->fn, record, field, &r) ||
	    owner_field_cleared(lf, ev->fa->fn, t->path, 0) ||
	    owner_path_freed(lf, ev->fa->fn, t->path))
		return;
	/* the function runs the NULL-testing helper itself (a shared unwind):
	 * what its callers do with the owner afterwards is too late */
	if (!owner_function_calls(ev->fa->fn, r.fn->name) &&
	    owner_caller_releases_errptr(lf, ev->fa->fn, t->path))
		return;
	f = lint_report(ev, "dangling-disk-pointer", st->err_loc,
			"error pointer from %s() left in '%s' on the IS_ERR() path; %s() tests it only for NULL and calls %s() on it",
			st->alloc_fn ? st->alloc_fn : "the allocator", t->path, r.fn->name,
			r.callee);
	if (!f)
		return;
	if (st->alloc_loc.line)
		lint_note(f, st->alloc_loc, "the allocator's result is stored in '%s' here",
			  t->path);
	lint_note(f, ev->loc, "returns here with the error pointer in '%s'", t->path);
	lint_note(f, r.test_loc, "%s() tests only for NULL here", r.fn->name);
	lint_note(f, r.release_loc, "and passes '%s' to %s() here", r.path, r.callee);
}

/* The state put from a never-live disk on some configuration (its index), or -1. */
static int put_never_live(const struct lint_event *ev, unsigned o)
{
	for (unsigned c = 0; c < ev_nconfigs(ev); c++) {
		const struct obj_state *st = ev_obj(ev, c, (int)o);

		if ((st->bits & DS_PUT) && st->put_loc.line && st->put_from &&
		    !(st->put_from & ~NEVER_LIVE) && !st->cleared)
			return (int)c;
	}
	return -1;
}

/* The third shape: the slot of a file-scope table (table[index], a disk
 * per slot) keeps the disk the function put, and the module's init goes
 * on after the function fails for a slot (empty_slots.h): the module
 * loads, and another function -- its exit -- reads the slot. */
static void global_slot_left(const struct lint_event *ev, unsigned o)
{
	const struct tracked_object *t = &ev->fa->objs[o];
	const struct module_facts *mf = ev->fa->summaries->facts;
	const struct ir_function *reader;
	const struct obj_state *st;
	struct slot_fill sf;
	struct ir_loc read_loc;
	struct finding *f;
	size_t n = strlen(t->root);
	int c;

	/* the path is the table's element itself: root[] */
	if (!mf || t->param >= 0 || t->local || t->local_root ||
	    strncmp(t->path, t->root, n) != 0 || strcmp(t->path + n, "[]") != 0)
		return;
	if ((c = put_never_live(ev, o)) < 0 ||
	    !slot_fill_tolerant(mf, t->root, ev->fa->fn, &sf) ||
	    !(reader = slot_array_reader(mf, t->root, ev->fa->fn, sf.init, &read_loc)))
		return;
	st = ev_obj(ev, (unsigned)c, (int)o);
	f = lint_report(ev, "dangling-disk-pointer", st->put_loc,
			"'%s' left pointing to a put disk: %s() goes on when this function fails and %s() reads the slot",
			t->path, sf.init->name, reader->name);
	lint_note(f, sf.store_loc, "the disk is stored in the slot here");
	lint_note(f, ev->loc, "returns here with the slot still set");
	if (lowered_function_index(mf->lf, sf.init->name) >= 0)
		lint_note(f, sf.let_go_loc, "%s() goes on after the failure here", sf.init->name);
	if (lowered_function_index(mf->lf, reader->name) >= 0)
		lint_note(f, read_loc, "%s() reads '%s' here", reader->name, t->root);
}

/* The registration's key: the cdrom info as written, without a leading &. */
static int cdrom_key(const struct ir_node *arg, char *out, size_t len)
{
	const struct ir_node *a = ir_strip(arg);

	if (a && a->kind == IR_UNARY && a->op == CXUnaryOperator_AddrOf && a->nkids == 1)
		a = ir_strip(a->kids[0]);
	return a && ir_path_text(a, out, len);
}

static void classify(const struct ir_node *call, struct res_call *out)
{
	const char *name = ir_api_name(call);

	if (!strcmp(name, "register_cdrom") && ir_call_nargs(call) == 2 &&
	    cdrom_key(ir_call_arg(call, 1), out->key, sizeof(out->key))) {
		out->role = RES_ACQUIRE;
		out->success = VAL_ZERO;
		out->possible = VAL_ZERO | VAL_NEG;
	} else if (!strcmp(name, "unregister_cdrom")) {
		out->role = RES_RELEASE;
		if (ir_call_nargs(call) != 1 || !cdrom_key(ir_call_arg(call, 0), out->key, sizeof(out->key)))
			out->key[0] = 0; /* an unrecognised argument: any registration */
	}
}

static const struct resource_class cdrom_registrations = { classify };

/* An error return with the function's register_cdrom() still held. */
static void cdrom_left_registered(const struct lint_event *ev)
{
	struct finding *f;

	f = lint_report(ev, "dangling-disk-pointer", ev->loc,
			"'%s' stays on the cdrom list on this error path: unregister_cdrom() "
			"missing before the disk and the cdrom info are released",
			ev->resource->key);
	lint_note(f, ev->resource->acquire_loc,
		  "register_cdrom() links it, with its disk, into the cdrom list here");
}

static void on_event(const struct lint_event *ev)
{
	const struct lowered_file *lf;

	if (ev->kind == EV_RESOURCE_LEAK) {
		cdrom_left_registered(ev);
		return;
	}

	if (ev->kind != EV_RETURN || !ev->fa->summaries || !(lf = ev->fa->summaries->lf))
		return;
	for (unsigned o = 0; o < ev->fa->nobjs; o++) {
		const struct tracked_object *t = &ev->fa->objs[o];
		const struct ir_function *reader;
		const char *field, *record;
		struct ir_loc read_loc;
		char read_path[160], caller_path[160];
		struct finding *f;
		unsigned c;
		int param;

		errptr_left(ev, lf, o);
		if (t->weak)
			global_slot_left(ev, o);
		/* a field of a long-lived struct: through a parameter (or a
		 * local that only holds one) or a global */
		param = t->param;
		if (t->local_root && !t->local)
			param = param_copied_into(ev->fa->fn, t->root);
		if (t->weak || t->local || (t->local_root && param < 0) ||
		    !(field = last_member(t->path)))
			continue;
		if (!owner_outlives(lf, ev->fa, param))
			continue;
		/* the callers see the parameter's path (vp->gd for d->gd) */
		if (param != t->param &&
		    snprintf(caller_path, sizeof(caller_path), "%s%s", ev->fa->fn->params[param],
			     t->path + strlen(t->root)) >= (int)sizeof(caller_path))
			continue;
		for (c = 0; c < ev_nconfigs(ev); c++) {
			const struct obj_state *st = ev_obj(ev, c, (int)o);

			if ((st->bits & DS_PUT) && st->put_loc.line && st->put_from &&
			    !(st->put_from & ~NEVER_LIVE))
				break;
		}
		if (c == ev_nconfigs(ev))
			continue;
		record = owner_field_record(ev->fa->fn, t->path);
		if (!owner_field_read_elsewhere(lf, ev->fa->fn, record, field, &reader, &read_loc,
						read_path, sizeof(read_path)) ||
		    owner_field_cleared(lf, ev->fa->fn, t->path, 0) ||
		    owner_path_freed(lf, ev->fa->fn, t->path) ||
		    owner_caller_releases(lf, ev->fa->fn, param != t->param ? caller_path : t->path))
			continue;
		{
			const struct obj_state *st = ev_obj(ev, c, (int)o);

			const struct module_facts *mf = ev->fa->summaries->facts;
			/* a reader of another file of the module: its line is
			 * not this file's, so it is named, not located */
			int here = !mf || lowered_function_index(mf->lf, reader->name) >= 0;

			f = lint_report(ev, "dangling-disk-pointer", st->put_loc,
					"'%s' left pointing to a put disk: the function returns without clearing it and %s()%s reads it",
					t->path, reader->name, here ? "" : " (another file of the module)");
			lint_note(f, ev->loc, "returns here with '%s' still set", t->path);
			if (here)
				lint_note(f, read_loc, "%s() reads '%s' here", reader->name, read_path);
		}
	}
}

const struct rule rule_dangling_disk_pointer = {
	.id = "dangling-disk-pointer",
	.severity = "warning",
	.confidence = "high",
	.summary = "a put disk, or the allocator's ERR_PTR, left in a long-lived struct field that another function reads",
	.explain =
		"Why: put_disk() on a disk that never went live (allocation succeeded, add_disk()\n"
		"not called or failed) drops the last reference: disk_release() frees the\n"
		"gendisk (block/genhd.c:1191-1232 in 6.12).  When the pointer was already\n"
		"stored in a structure that outlives the function - a field of the device struct\n"
		"passed in, or of a global - the field now points at freed memory.  Another\n"
		"function of the driver that reads the field later (remove, stop, ioctl,\n"
		"interrupt handlers printing disk->disk_name) uses the freed disk, or calls\n"
		"del_gendisk()/put_disk() on it a second time.  The failing setup returns an\n"
		"error, but the device struct lives on: ublk_ctrl_start_dev() in 6.1 (fixed\n"
		"by ublk_detach_disk()), blkfront_connect() and simdisk_setup().\n"
		"\n"
		"Wrong:\n"
		"\tdisk = blk_alloc_disk(&lim, NUMA_NO_NODE);\n"
		"\tif (IS_ERR(disk))\n"
		"\t\treturn PTR_ERR(disk);\n"
		"\tdev->disk = disk;\n"
		"\terr = add_disk(disk);\n"
		"\tif (err)\n"
		"\t\tgoto out_put_disk;\n"
		"\treturn 0;\n"
		"out_put_disk:\n"
		"\tput_disk(disk);\t/* dev->disk still points at it */\n"
		"\treturn err;\n"
		"\n"
		"Right:\n"
		"out_put_disk:\n"
		"\tput_disk(disk);\n"
		"\tdev->disk = NULL;\n"
		"\treturn err;\n"
		"\n"
		"Fix: clear the field after put_disk() (or through a helper that detaches the\n"
		"disk from the device, as ublk_detach_disk() does), or store the disk into the\n"
		"long-lived struct only after add_disk() succeeded.\n"
		"\n"
		"Reported at the put, when the function returns with the field still set on\n"
		"that path, the field's struct (same struct type and member) is read by\n"
		"another function of the module (of the file, or of another file its\n"
		"Kbuild lists: aoeblk_gdalloc() and aoedev.c's freedev() in 6.12), and\n"
		"neither this function, nor a helper it passes the struct to, nor a caller\n"
		"frees the struct or clears the field.  The struct comes through a parameter\n"
		"(or a local that only copies one: a work function's void * argument) of a\n"
		"function only the module calls (static, or called from another of its\n"
		"files), or through a global.  Disks put after they were added or deleted\n"
		"(teardown), or that came from outside the function, are not judged.\n"
		"\n"
		"The second shape: an error pointer left in the field.  Since 6.9\n"
		"blk_alloc_disk() and blk_mq_alloc_disk() return ERR_PTR() on failure.\n"
		"Stored straight into the field and tested there, the error pointer stays\n"
		"in the field on the IS_ERR() path; a teardown that tests the field only\n"
		"against NULL (if (dev->disk), or struct gendisk *disk = dev->disk;\n"
		"if (!disk) return;) takes it for a disk and calls del_gendisk() or\n"
		"put_disk() on it: simdisk_setup() and simdisk_teardown(), swim_floppy_init()\n"
		"and its unwinding helper swim_cleanup_floppy_disk(), bcache_device_init()\n"
		"and bcache_device_free() in 6.12.\n"
		"\n"
		"Wrong:\n"
		"\tdev->disk = blk_alloc_disk(&lim, NUMA_NO_NODE);\n"
		"\tif (IS_ERR(dev->disk))\n"
		"\t\treturn PTR_ERR(dev->disk);\t/* dev->disk holds the ERR_PTR */\n"
		"\t...\n"
		"static void foo_teardown(struct foo_dev *dev)\n"
		"{\n"
		"\tif (dev->disk) {\t\t\t/* true for an ERR_PTR */\n"
		"\t\tdel_gendisk(dev->disk);\n"
		"\t\tput_disk(dev->disk);\n"
		"\t}\n"
		"}\n"
		"\n"
		"Right: check a local and store the disk only after the check\n"
		"(disk = blk_alloc_disk(...); if (IS_ERR(disk)) return PTR_ERR(disk);\n"
		"dev->disk = disk;), or clear the field on the error path\n"
		"(dev->disk = NULL), or test IS_ERR_OR_NULL() in the teardown.\n"
		"\n"
		"Reported at the IS_ERR() test when a fresh allocation's error branch\n"
		"reaches a return with nothing stored over the field (a field of a\n"
		"long-lived struct, as above; an array element too: host->unit[i].disk),\n"
		"and another function of the file tests that member of the same struct\n"
		"type, or a local copied from it, against NULL, passes it to\n"
		"del_gendisk(), put_disk() or blk_cleanup_disk() and has no IS_ERR() test\n"
		"of it.  Not reported: the field cleared by the function or a helper it\n"
		"passes the struct to, the struct freed by the function, or a caller that\n"
		"frees the struct (kfree(), not a reference drop whose release may run\n"
		"the teardown) or clears the field -- unless the function calls the\n"
		"NULL-testing helper itself (a shared unwinding).\n"
		"\n"
		"The third shape: the holder is a slot of a file-scope table\n"
		"(table[index] = disk before add_disk(), put_disk() on its failure, the\n"
		"slot not cleared), and the module's init calls the function in a loop\n"
		"over the slots that goes on when it fails for some slot, so the module\n"
		"loads and its exit (or another function) reads the slot:\n"
		"z2ram_register_disk() in 6.12.  Reported at the put.\n"
		"\n"
		"The fourth shape: the disk kept by another subsystem.  register_cdrom(disk,\n"
		"cdi) sets cdi->disk and links cdi into the global cdrom list (drivers/cdrom/\n"
		"cdrom.c in 6.12) until unregister_cdrom(cdi); an error return after a\n"
		"successful register_cdrom() in the same function that does not unregister\n"
		"leaves the list pointing at the cdrom info and the disk the unwind puts and\n"
		"frees (the /proc/sys/dev/cdrom walk and the next register_cdrom() read\n"
		"them).  Path-sensitive: register_cdrom()'s failure branch owes nothing.\n",
	.on_event = on_event,
	.resources = &cdrom_registrations,
	.tokens = disk_lifecycle_tokens,
};
