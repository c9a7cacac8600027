/*
 * region-imbalance (legacy API, gone since 5.11 but still in drivers being
 * ported): blk_register_region() not undone by blk_unregister_region() on an
 * error return of the same function (path-sensitive: regions are resources
 * the engine tracks, resource_objects.h) or
 * anywhere in the file; and a region probe returning the disk's kobject
 * without the reference get_disk() takes.
 */
#include "file_rules.h"
#include "rules.h"
#include "typestate.h"

#include <clang-c/Index.h>
#include <stdio.h>
#include <string.h>

static void classify(const struct ir_node *call, struct res_call *out)
{
	const char *name = ir_api_name(call);

	/* one class: regions are matched by any unregister (key "" = wildcard) */
	if (!strcmp(name, "blk_register_region"))
		out->role = RES_ACQUIRE;
	else if (!strcmp(name, "blk_unregister_region"))
		out->role = RES_RELEASE;
}

static const struct resource_class regions = { classify };

/* An error return with a region registered in this function still held. */
static void on_event(const struct lint_event *ev)
{
	struct finding *f;

	if (ev->kind != EV_RESOURCE_LEAK)
		return;
	f = lint_report(ev, "region-imbalance", ev->loc,
			"region of blk_register_region() stays registered on this error path: "
			"blk_unregister_region() missing");
	lint_note(f, ev->resource->acquire_loc, "blk_register_region() here");
}

struct scan {
	const struct file_context *fc;
	size_t fn;
	const struct ir_node *reg;
	size_t reg_fn;
	int unregistered;
	const char *probe; /* the first registered probe callback */
};

static int scan_visit(const struct ir_node *n, void *data)
{
	struct scan *s = data;
	const struct ir_node *p;
	const char *name;

	if (n->kind != IR_CALL)
		return 1;
	name = ir_api_name(n);
	if (!strcmp(name, "blk_unregister_region"))
		s->unregistered = 1;
	if (strcmp(name, "blk_register_region"))
		return 1;
	if (!s->reg) {
		s->reg = n;
		s->reg_fn = s->fn;
	}
	p = ir_call_arg(n, 3);
	if (p && p->kind == IR_UNARY && p->op == CXUnaryOperator_AddrOf && p->nkids == 1)
		p = ir_strip(p->kids[0]);
	if (!s->probe && p && p->kind == IR_DECLREF && !(p->flags & IRF_VAR))
		s->probe = p->name;
	return 1;
}

/* return &disk->kobj; (no reference taken) */
static int probe_return_visit(const struct ir_node *n, void *data)
{
	struct scan *s = data;
	const struct ir_node *v, *m;

	if (n->kind != IR_RETURN || !n->nkids)
		return 1;
	v = ir_strip(n->kids[0]);
	if (!v || v->kind != IR_UNARY || v->op != CXUnaryOperator_AddrOf || v->nkids != 1)
		return 1;
	m = ir_strip(v->kids[0]);
	if (m && m->kind == IR_MEMBER && m->name && !strcmp(m->name, "kobj"))
		file_report(s->fc, n->loc, s->probe,
			    "region probe returns a kobject without a reference: return "
			    "get_disk() of the disk (or NULL)");
	return 1;
}

static void on_file(const struct file_context *fc)
{
	struct scan s = { .fc = fc };
	int probe;

	for (size_t i = 0; i < fc->lf->nfuncs; i++) {
		s.fn = i;
		ir_walk(fc->lf->funcs[i].body, scan_visit, &s);
	}
	if (s.reg && !s.unregistered)
		file_report(fc, s.reg->loc, fc->lf->funcs[s.reg_fn].name,
			    "blk_register_region() is never undone in this file: "
			    "blk_unregister_region() missing on exit");
	probe = lowered_function_index(fc->lf, s.probe);
	if (probe >= 0)
		ir_walk(fc->lf->funcs[probe].body, probe_return_visit, &s);
}

/* the prefilter's trigger tokens (rules.h) */
static void tokens(struct string_list *out)
{
	string_list_push(out, "register_region");
}

const struct rule rule_region_imbalance = {
	.id = "region-imbalance",
	.severity = "warning",
	.confidence = "medium",
	.summary = "(legacy) blk_register_region without blk_unregister_region; a region "
		   "probe returning a kobject without get_disk()",
	.explain =
		"Why: the 2.6 article (\"Driver porting: the gendisk interface\",\n"
		"\"Registering block device number ranges\") introduces\n"
		"blk_register_region(dev, range, module, probe, lock, data) with \"the usual\n"
		"associated unregister function\" blk_unregister_region(dev, range), and\n"
		"says the probe \"should call get_disk() with the gendisk structure as the\n"
		"argument, and return the value from get_disk()\", or NULL when it cannot\n"
		"handle the request.  A region left registered after a failed init or on\n"
		"module exit keeps a probe pointer into unloaded code in bdev_map: the next\n"
		"open of a node in the range calls it.  A probe returning &disk->kobj\n"
		"hands out a kobject without the reference the lookup drops later.\n"
		"The API was removed in 5.11 (gendisk-api.md 6: replaced by the probe\n"
		"argument of __register_blkdev); drivers ported from older trees still\n"
		"carry it, and removed-api reports the call itself on current kernels.\n"
		"Checked: error returns reached after blk_register_region() in the same\n"
		"function without blk_unregister_region() (path-sensitive; a same-file\n"
		"helper that unregisters counts), a file that registers a region and never\n"
		"unregisters one, and `return &x->kobj` in the registered probe.  Regions\n"
		"are not told apart by their dev_t: confidence medium.\n"
		"\n"
		"Wrong:\n"
		"\tblk_register_region(MKDEV(FOO_MAJOR, 0), 256, THIS_MODULE,\n"
		"\t\t\t    foo_probe, NULL, NULL);\n"
		"\terr = foo_add_disks();\n"
		"\tif (err)\n"
		"\t\treturn err;\n"
		"\n"
		"Right:\n"
		"\tif (err) {\n"
		"\t\tblk_unregister_region(MKDEV(FOO_MAJOR, 0), 256);\n"
		"\t\treturn err;\n"
		"\t}\n"
		"\n"
		"Fix: pair every blk_register_region() with blk_unregister_region() on the\n"
		"error paths after it and in the exit function; in the probe return\n"
		"get_disk(disk) or NULL.  On 5.11 and later use __register_blkdev(major,\n"
		"name, probe) (see removed-api).\n",
	.on_event = on_event,
	.resources = &regions,
	.on_file = on_file,
	.tokens = tokens,
};
