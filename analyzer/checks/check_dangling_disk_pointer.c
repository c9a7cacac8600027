/*
 * dangling-disk-pointer: a function puts a disk it never made live (a
 * failed setup) but returns with the disk still stored in a field of a
 * structure that outlives it (reached through a parameter or a global),
 * and another function of the file reads that field: the stale pointer
 * is used later (ublk_stop_dev(), blkfront_remove(), simdisk_teardown()).
 */
#include "owner_fields.h"
#include "rules.h"
#include "summaries.h"
#include "typestate.h"

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

static void on_event(const struct lint_event *ev)
{
	const struct lowered_file *lf;

	if (ev->kind != EV_RETURN || !ev->fa->summaries || !(lf = ev->fa->summaries->lf))
		return;
	for (unsigned o = 0; o < ev->fa->nobjs; o++) {
		const struct tracked_object *t = &ev->fa->objs[o];
		const struct ir_function *reader;
		const char *field, *record;
		struct ir_loc read_loc;
		char read_path[160];
		struct finding *f;
		unsigned c;

		/* a field of a long-lived struct: through a parameter or a global */
		if (t->weak || t->local || t->local_root || !(field = last_member(t->path)))
			continue;
		/* through a parameter: only when every caller is in this file
		 * (what becomes of the struct after the failure is theirs);
		 * through a global: only in a function the file calls (a
		 * failed probe or init entry point is not bound afterwards) */
		if (t->param >= 0 ? !ev->fa->fn->is_static : !owner_function_called(lf, ev->fa->fn))
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
		    owner_caller_releases(lf, ev->fa->fn, t->path))
			continue;
		{
			const struct obj_state *st = ev_obj(ev, c, (int)o);

			f = lint_report(ev, "dangling-disk-pointer", st->put_loc,
					"'%s' left pointing to a put disk: the function returns without clearing it and %s() reads it",
					t->path, reader->name);
			lint_note(f, ev->loc, "returns here with '%s' still set", t->path);
			lint_note(f, read_loc, "%s() reads '%s' here", reader->name, read_path);
		}
	}
}

const struct rule rule_dangling_disk_pointer = {
	.id = "dangling-disk-pointer",
	.severity = "warning",
	.confidence = "high",
	.summary = "a put disk left stored in a long-lived struct field that another function reads",
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
		"another function of the file, and neither this function, nor a same-file\n"
		"helper it passes the struct to, nor a caller frees the struct or clears the\n"
		"field.  Disks put after they were added or deleted (teardown), or that\n"
		"came from outside the function, are not judged.\n",
	.on_event = on_event,
	.tokens = disk_lifecycle_tokens,
};
