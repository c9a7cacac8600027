/* add-disk-fail-cleanup: del_gendisk() after a failed add_disk(), or no put_disk(). */
#include "added_flags.h"
#include "cfg_reach.h"
#include "empty_slots.h"
#include "file_rules.h"
#include "kthread_starts.h"
#include "module_facts.h"
#include "owner_fields.h"
#include "rules.h"
#include "summary_table.h"
#include "typestate.h"

#include <stdio.h>
#include <string.h>

/* Allocated by this function and, on this path, never given to add_disk():
 * del_gendisk() on it WARNs just as after a failed add. */
static int never_added(const struct obj_state *st)
{
	const uint16_t before_add = DS_UNCHECKED | DS_ALLOCATED;

	return st->alloc_loc.line && (st->bits & before_add) &&
	       !(st->bits & ~(before_add | DS_NONE));
}

static int has_call_at(const struct ir_node *n, struct ir_loc loc)
{
	if (!n)
		return 0;
	if (n->kind == IR_CALL && n->loc.line == loc.line && n->loc.col == loc.col)
		return 1;
	for (unsigned i = 0; i < n->nkids; i++)
		if (has_call_at(n->kids[i], loc))
			return 1;
	return 0;
}

/* Is the call at loc inside an if (if (unit[i].registered),
 * if (floppy_available(drive)) del_gendisk(...))?  A flag or a predicate
 * the engine does not follow may say which elements were added. */
static int guarded_del(const struct ir_node *n, struct ir_loc loc)
{
	if (!n)
		return 0;
	if (n->kind == IR_IF && n->nkids >= 2)
		for (unsigned b = 1; b < n->nkids; b++)
			if (has_call_at(n->kids[b], loc))
				return 1;
	for (unsigned i = 0; i < n->nkids; i++)
		if (guarded_del(n->kids[i], loc))
			return 1;
	return 0;
}

static void on_del(const struct lint_event *ev)
{
	int weak = ev->fa->objs[ev->obj].weak;

	if (weak && guarded_del(ev->fa->fn->body, ev->loc))
		return;

	for (unsigned c = 0; c < ev_nconfigs(ev); c++) {
		const struct obj_state *st = ev_obj(ev, c, ev->obj);
		struct finding *f;

		/* one name for many disks: another element may be the added
		 * one, unless no add_disk() of any element succeeded on this
		 * path (the unwinding after the first add failed, or before
		 * any add) */
		if (weak && st->added_once)
			continue;

		if (st->bits & DS_ADD_FAILED) {
			f = lint_report(ev, "add-disk-fail-cleanup", ev->loc,
					"del_gendisk() after add_disk() failed: call put_disk() only");
			lint_note(f, st->add_loc, "add_disk() failed on this path");
		} else if (never_added(st)) {
			f = lint_report(ev, "add-disk-fail-cleanup", ev->loc,
					"del_gendisk() of '%s', which was never added on this path: "
					"call put_disk() only", ev_obj_path(ev, st->group));
		} else {
			continue;
		}
		lint_note(f, st->alloc_loc, "'%s' allocated here", ev_obj_path(ev, st->group));
		return;
	}
}

/* The last member name of a path (dc->disk.disk: disk), or NULL. */
static const char *last_member(const char *path)
{
	const char *a = strrchr(path, '>'), *d = strrchr(path, '.');
	const char *m = a > d ? a : d;

	return m && m[1] ? m + 1 : NULL;
}

/* A flag meaning "added" (added_flags.h) set before the add that failed
 * on this path and left set: a teardown trusting it deletes the disk. */
static void flag_left_set(const struct lint_event *ev)
{
	const struct module_facts *mf = ev->fa->summaries ? ev->fa->summaries->facts : NULL;

	for (unsigned c = 0; mf && c < ev_nconfigs(ev); c++) {
		for (unsigned o = 0; o < ev->fa->nobjs; o++) {
			const struct obj_state *st = ev_obj(ev, c, (int)o);
			const char *member = last_member(ev->fa->objs[o].path);
			struct added_flag flag;
			struct flag_gate gate;
			struct finding *f;

			if (!(st->bits & DS_ADD_FAILED) || !st->add_loc.line || !member ||
			    !added_flag_left_set(mf, ev->fa->fn, st->add_loc, member, &flag, &gate))
				continue;
			f = lint_report(ev, "add-disk-fail-cleanup", st->add_loc,
					"add_disk() of '%s' can fail with '%s' already set, and %s() tests it to call del_gendisk(): clear it when the add fails",
					ev_obj_path(ev, (int)o), flag.text, gate.fn->name);
			if (!f)
				return;
			lint_note(f, flag.set_loc, "'%s' set here", flag.text);
			lint_note(f, ev->loc, "returns here with '%s' still set", flag.text);
			if (lowered_function_index(mf->lf, gate.fn->name) >= 0) {
				lint_note(f, gate.test_loc, "%s() tests it here", gate.fn->name);
				lint_note(f, gate.del_loc, "and calls del_gendisk() here");
			}
			return;
		}
	}
}

static void on_return(const struct lint_event *ev)
{
	flag_left_set(ev);

	for (unsigned c = 0; c < ev_nconfigs(ev); c++) {
		for (unsigned o = 0; o < ev->fa->nobjs; o++) {
			const struct obj_state *st = ev_obj(ev, c, (int)o);
			struct finding *f;

			if (!(st->bits & DS_ADD_FAILED) || !st->alloc_loc.line || st->escaped ||
			    !ev_is_group_leader(ev, c, (int)o) ||
			    ev_return_hands_over(ev, c, (int)o) ||
			    ev_group_is_weak(ev, c, (int)o))
				continue;
			f = lint_report(ev, "add-disk-fail-cleanup", ev->loc,
					"'%s' leaked: add_disk() failed and this path returns without put_disk()",
					ev_obj_path(ev, (int)o));
			lint_note(f, st->add_loc, "add_disk() failed on this path");
			lint_note(f, st->alloc_loc, "'%s' allocated here", ev_obj_path(ev, (int)o));
			return;
		}
	}
}

/* The disk's add_disk() failed on the paths of this state (it may have
 * been put since). */
static int add_failed(const struct obj_state *st)
{
	return st->add_loc.line && ((st->bits & DS_ADD_FAILED) ||
				    ((st->bits & DS_PUT) && (st->put_from & DS_ADD_FAILED)));
}

struct thread_scan {
	const struct lint_event *ev;
	const struct lowered_file *lf;
	const char *freed;
	struct cfg_point add, free;
	const struct ir_node *start; /* out: a start before the add */
	const char *via;
	int stopped;                 /* a stop after the start, before the free */
};

static int start_visit(const struct ir_node *n, void *data)
{
	struct thread_scan *s = data;
	char buf[256];
	const char *via;
	struct cfg_point at;

	if (s->start || n->kind != IR_CALL ||
	    !kthread_call_starts(s->lf, s->ev->fa->fn, n, buf, sizeof(buf), &via) ||
	    (strcmp(buf, s->freed) && !owner_path_under(buf, s->freed)) ||
	    !cfg_find_call(&s->ev->fa->cfg, n, n->loc, &at) ||
	    !cfg_point_reaches(&s->ev->fa->cfg, at, s->add))
		return 1;
	s->start = n;
	s->via = via;
	return 0;
}

static int stop_visit(const struct ir_node *n, void *data)
{
	struct thread_scan *s = data;
	const struct cfg *cfg = &s->ev->fa->cfg;
	struct cfg_point at, start;

	if (s->stopped || n->kind != IR_CALL || !kthread_call_stops(s->lf, n) ||
	    !cfg_find_call(cfg, n, n->loc, &at) || !cfg_find_call(cfg, s->start, s->start->loc, &start))
		return !s->stopped;
	if (cfg_point_reaches(cfg, start, at) &&
	    (cfg_point_reaches(cfg, at, s->free) ||
	     (at.block == s->free.block && at.item == s->free.item)))
		s->stopped = 1;
	return !s->stopped;
}

/* The object a kernel thread was started on before add_disk() is freed on
 * the add's failure path with the thread not stopped on the way: the
 * thread runs on freed memory (kthread_starts.h). */
static void thread_left(const struct lint_event *ev)
{
	const struct lowered_file *lf = ev->fa->summaries ? ev->fa->summaries->lf : NULL;
	const struct ir_node *owner = owner_released_by(ev->call);
	char freed[256];

	if (!owner && lf)
		owner = owner_freed_by_helper(lf, ev->call);
	if (!owner || !ir_path_text(owner, freed, sizeof(freed)))
		return;
	for (unsigned c = 0; c < ev_nconfigs(ev); c++) {
		for (unsigned o = 0; o < ev->fa->nobjs; o++) {
			const struct obj_state *st = ev_obj(ev, c, (int)o);
			struct thread_scan s = { .ev = ev, .lf = lf, .freed = freed };
			struct finding *f;

			if (!add_failed(st) ||
			    !cfg_find_call(&ev->fa->cfg, NULL, st->add_loc, &s.add) ||
			    !cfg_find_call(&ev->fa->cfg, ev->call, ev->loc, &s.free))
				continue;
			ir_walk(ev->fa->fn->body, start_visit, &s);
			if (!s.start)
				continue;
			ir_walk(ev->fa->fn->body, stop_visit, &s);
			if (s.stopped)
				return;
			f = lint_report(ev, "add-disk-fail-cleanup", ev->loc,
					"'%s' freed after add_disk() failed while the kernel thread started on it still runs: kthread_stop() it first",
					freed);
			lint_note(f, st->add_loc, "add_disk() failed on this path");
			if (s.via)
				lint_note(f, s.start->loc, "%s() starts a kernel thread on '%s' here",
					  s.via, freed);
			else
				lint_note(f, s.start->loc, "kernel thread started on '%s' here", freed);
			return;
		}
	}
}

static void on_event(const struct lint_event *ev)
{
	if (ev->kind == EV_DEL)
		on_del(ev);
	else if (ev->kind == EV_RETURN)
		on_return(ev);
	else if (ev->kind == EV_CALL && ev->call)
		thread_left(ev);
}

/* Is fn one of the analysed file's functions (its locations are the file's)? */
static int in_file(const struct lowered_file *lf, const struct ir_function *fn)
{
	return lowered_function_index(lf, fn->name) >= 0;
}

/* The exit's loop deletes every slot of a table that a tolerant init may
 * have left empty (the filler failed before storing) or holding a disk
 * whose add_disk() failed (empty_slots.h). */
static void on_slot_teardown(const struct slot_teardown *t, void *data)
{
	const struct file_context *fc = data;
	const struct slot_fill *sf = &t->fill;
	struct finding *f;
	char *note;

	f = file_report(fc, t->del->loc, t->fn->name,
			"del_gendisk() on every '%s[]' slot, but %s() goes on when %s() fails for a slot: "
			"that slot is empty or its disk was never added",
			t->array, sf->init->name, sf->filler->name);
	if (!f)
		return;
	if (in_file(fc->lf, sf->filler) &&
	    asprintf(&note, "%s() stores the disk in the slot here", sf->filler->name) >= 0)
		finding_add_note(f, sf->store_loc, note);
	if (in_file(fc->lf, sf->init) &&
	    asprintf(&note, "%s() goes on after %s() failed here", sf->init->name,
		     sf->filler->name) >= 0)
		finding_add_note(f, sf->let_go_loc, note);
}

static void on_file(const struct file_context *fc)
{
	slot_teardowns_each(fc->facts, on_slot_teardown, (void *)fc);
}

const struct rule rule_add_disk_fail_cleanup = {
	.id = "add-disk-fail-cleanup",
	.severity = "warning",
	.confidence = "high",
	.summary = "del_gendisk on a disk never added or whose add_disk failed; put_disk missing after a failed add",
	.explain =
		"Why: when add_disk() fails it undoes everything it did (block/genhd.c:543-565\n"
		"in 6.12, :559-582 in 6.1); the disk was never live.  The caller must call\n"
		"put_disk() and nothing else - what brd (6.12 brd.c:404-411), virtio_blk\n"
		"(6.12 virtio_blk.c:1538-1545), null_blk and zram do.  del_gendisk() on it hits\n"
		"WARN_ON_ONCE(!disk_live(disk)) at its first line (genhd.c:660 in 6.12, :625 in\n"
		"6.1); returning without put_disk() leaks the gendisk, its queue and its\n"
		"part0 block device (->free_disk is not called for a never-added disk,\n"
		"genhd.c:1228).\n"
		"\n"
		"Wrong:\n"
		"\terr = add_disk(disk);\n"
		"\tif (err) {\n"
		"\t\tdel_gendisk(disk);\n"
		"\t\treturn err;\n"
		"\t}\n"
		"\n"
		"Right:\n"
		"\terr = add_disk(disk);\n"
		"\tif (err) {\n"
		"\t\tput_disk(disk);\n"
		"\t\treturn err;\n"
		"\t}\n"
		"\n"
		"The same holds on a path where the disk was allocated but never given to\n"
		"add_disk() (an error before the add, unwound through a label that also\n"
		"serves the added case): del_gendisk() is for a live disk only.  The 2.6\n"
		"article on the gendisk interface (\"Driver porting: the gendisk\n"
		"interface\") says of add_disk(): \"After this call, your device is\n"
		"active\", and of del_gendisk() that it removes the disk from the system\n"
		"while \"your driver's reference to the gendisk object remains\", to be\n"
		"released with put_disk(): before the add there is only that reference.\n"
		"\n"
		"Fix: on add_disk() failure, or before the add, put_disk() only (before\n"
		"blk_mq_free_tag_set() for blk-mq disks) and free the driver's own data\n"
		"yourself; give the unwinding a label below the del_gendisk() step.\n"
		"\n"
		"Two more shapes of a del_gendisk() that meets a disk that never went\n"
		"live.  A flag meaning \"added\" (dev->live = true, atomic_xchg(&dc->running,\n"
		"1), set_bit(X_ADDED, &x->flags)) set before add_disk() and not cleared\n"
		"after it in the function, while another function of the module tests the\n"
		"flag to call del_gendisk(): reported at the add (bch_cached_dev_run() and\n"
		"cached_dev_free() in 6.12).  And a module init that fills a file-scope\n"
		"table slot by slot through a helper and goes on when the helper fails for\n"
		"a slot (the result ignored, or the test that leaves qualified: if (ret &&\n"
		"i == 0)), while the module's exit loops over the same bound calling\n"
		"del_gendisk() on every slot with no test: reported at that del_gendisk()\n"
		"(z2_init() and z2_exit() in 6.12).  Fix: clear the flag when the add\n"
		"fails; skip the empty slots at exit and clear a slot whose add failed.\n"
		"\n"
		"And a kernel thread started before add_disk() on the object the failed\n"
		"add's unwinding then frees: kthread_run(fn, data, ...) (or kthread_create()\n"
		"with wake_up_process() in the same function), directly or in a same-file\n"
		"helper given the object (pkt_setup_dev() calls pkt_new_dev(), which starts\n"
		"kcdrwd on pd, and frees pd when add_disk() fails, in 6.12).  The thread\n"
		"runs until kthread_stop(); freed under it, it reads freed memory.\n"
		"Reported at the free (kfree()/kvfree(), the last kobject_put() or\n"
		"put_device(), a same-file helper that frees its parameter) when no\n"
		"kthread_stop() or kthread_stop_put() - nor a same-file helper calling\n"
		"one - lies between the start and the free.  Fix: stop the thread (undo\n"
		"the helper's setup) in the unwinding before the free.\n",
	.on_event = on_event,
	.on_file = on_file,
	.tokens = disk_lifecycle_tokens,
};
