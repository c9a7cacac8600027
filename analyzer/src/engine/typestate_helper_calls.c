/*
 * Calls of the module's own functions in the typestate: the helpers'
 * summaries (summary_table.h) applied at the call, results that are a
 * helper's add or allocation, and disks handed over to a devm action or
 * to their owner's release.
 */
#include "typestate_internal.h"

#include "file_rules.h"
#include "module_facts.h"
#include "summary_table.h"
#include "value_sets.h"

#include <clang-c/Index.h>
#include <stdio.h>
#include <string.h>

static int summary_effects_on(struct fn_analysis *fa, const struct ir_node *call, unsigned effect,
			      int *objs_out, const struct ir_node **args_out, int max)
{
	const struct function_summary *s;
	int n = 0;

	if (!fa->summaries)
		return 0;
	s = summary_for(fa->summaries, call->name ? call->name : "");
	for (unsigned i = 0; s && i < s->neffects && n < max; i++) {
		char buf[PATH_MAX_LEN];
		int o;

		if (!(s->effects[i].effects & effect) ||
		    !summary_target(call, &s->effects[i], buf, sizeof(buf), NULL))
			continue;
		o = find_obj(fa, buf);
		if (o < 0)
			continue;
		if (args_out)
			args_out[n] = s->effects[i].param == SUMMARY_GLOBAL_PARAM ?
					      NULL : ir_call_arg(call, s->effects[i].param);
		objs_out[n++] = o;
	}
	return n;
}

/* The object a helper allocates when it returns 0 (EFFECT_ALLOC_ON_ZERO), or -1. */
int alloc_result_obj(struct fn_analysis *fa, const struct ir_node *call)
{
	int objs[4], n = summary_effects_on(fa, call, EFFECT_ALLOC_ON_ZERO, objs, NULL, 4);

	if (n == 1)
		return objs[0];
	/* the disk and paths reached through the disk itself
	 * (dev->disk->private_data->disk with private_data = dev): one disk */
	for (int i = 1; i > 0 && i < n && n < 4; i++) {
		const char *p = fa->objs[objs[0]].path, *q = fa->objs[objs[i]].path;
		size_t len = strlen(p);

		if (strncmp(q, p, len) || (q[len] != '-' && q[len] != '.'))
			return -1;
	}
	return n > 1 && n < 4 ? objs[0] : -1;
}

/* The object whose add result a call returns (add_disk, or an adding helper), or -1. */
int add_result_obj(struct fn_analysis *fa, const struct ir_node *call)
{
	int ai = add_disk_arg(ir_api_name(call));
	int objs[1];

	if (ai >= 0)
		return ir_call_arg(call, (unsigned)ai) ? obj_of(fa, ir_call_arg(call, (unsigned)ai))
						       : -1;
	if (summary_effects_on(fa, call, EFFECT_ADD | EFFECT_ADD_ON_ZERO, objs, NULL, 1) == 1)
		return objs[0];
	return -1;
}

/* A helper that makes and adds the disk when it returns 0 (EFFECT_ADD_ON_ZERO):
 * the disk is a fresh one whose add is pending on the call's result; the
 * failure leaves nothing (refine_group_member()).  On a collapsed array
 * element (unit[].disk[]) another element the path already added stays
 * added whatever this call returns: its add is the one remembered. */
struct add_on_zero {
	const struct ir_node *call;
	int weak;
};

static void add_on_zero_state(struct obj_state *o, const void *arg)
{
	const struct add_on_zero *az = arg;
	int16_t group = o->group;
	int kept = az->weak && (o->bits & DS_ADDED) && o->add_loc.line;
	struct ir_loc alloc_loc = o->alloc_loc, add_loc = o->add_loc;
	const char *alloc_fn = o->alloc_fn;
	uint8_t once = o->added_once;
	struct range_facts rf;

	save_ranges(o, &rf);
	memset(o, 0, sizeof(*o));
	restore_ranges(o, &rf);
	o->group = group;
	o->bits = DS_ADD_PENDING;
	o->alloc_loc = kept ? alloc_loc : az->call->loc;
	o->add_loc = kept ? add_loc : az->call->loc;
	o->alloc_fn = kept ? alloc_fn : ir_call_name(az->call);
	o->added_once = once;
	o->add_self_cleans = kept ? 2 : 1;
}

/* Does the body call del_gendisk() or put_disk() itself? */
static int calls_disk_release(const struct ir_node *n)
{
	if (!n)
		return 0;
	if (n->kind == IR_CALL && (!strcmp(ir_api_name(n), "del_gendisk") ||
				   !strcmp(ir_api_name(n), "put_disk")))
		return 1;
	for (unsigned i = 0; i < n->nkids; i++)
		if (calls_disk_release(n->kids[i]))
			return 1;
	return 0;
}

static void hand_over_state(struct obj_state *o, const void *arg)
{
	int16_t group = o->group;
	struct range_facts rf;

	(void)arg;
	save_ranges(o, &rf);
	memset(o, 0, sizeof(*o));
	restore_ranges(o, &rf);
	o->group = group;
	o->bits = DS_ENTRY;
}

/* devm_add_action_or_reset(dev, action, data) (6.12: a macro for
 * __devm_add_action_or_reset(..., #action)) whose same-file action calls
 * del_gendisk()/put_disk() (pmem_release_disk(): on a local copy of its
 * void * argument, so no summary effect names the parameter): the disks
 * reached from data are handed to devm -- on failure the action ran at
 * once, on success the device's teardown runs it -- and this function owes
 * them nothing more; their state becomes unknown, as after an opaque
 * helper.  Returns 1 when it handed over a tracked disk. */
int devm_hand_over(struct engine *e, const struct ir_node *n)
{
	struct fn_analysis *fa = e->fa;
	const char *name = ir_call_name(n);
	const struct ir_node *action, *data;
	char buf[PATH_MAX_LEN];
	size_t len;
	int fi, handed = 0;

	if ((strcmp(name, "devm_add_action_or_reset") && strcmp(name, "__devm_add_action_or_reset")) ||
	    ir_call_nargs(n) < 3 || !fa->summaries)
		return 0;
	action = ir_strip(ir_call_arg(n, 1));
	data = ir_strip(ir_call_arg(n, 2));
	if (!action || action->kind != IR_DECLREF || !action->name || !data)
		return 0;
	fi = summary_function_index(fa->summaries, action->name);
	if (fi < 0 || !calls_disk_release(fa->summaries->lf->funcs[fi].body))
		return 0;
	if (data->kind == IR_UNARY && data->op == CXUnaryOperator_AddrOf && data->nkids == 1)
		data = ir_strip(data->kids[0]);
	if (!data || !render_path(data, buf, sizeof(buf), NULL))
		return 0;
	len = strlen(buf);
	for (unsigned i = 0; i < fa->nobjs; i++) {
		const char *p = fa->objs[i].path;

		if (strcmp(p, buf) && (strncmp(p, buf, len) || (p[len] != '-' && p[len] != '.')))
			continue;
		ranges_taint(e, (int)i);
		for (unsigned k = 0; k < e->cur.len; k++)
			for_group(fa, e->cur.items[k], (int)i, hand_over_state, NULL);
		handed = 1;
	}
	return handed;
}

/* Does a function of the file other than self call del_gendisk() or
 * put_disk() on a path ending in "->field" / ".field"? */
static int releases_field(const struct ir_node *n, const char *field)
{
	if (!n)
		return 0;
	if (n->kind == IR_CALL && ir_call_nargs(n) >= 1 &&
	    (!strcmp(ir_api_name(n), "del_gendisk") || !strcmp(ir_api_name(n), "put_disk"))) {
		const struct ir_node *a = ir_strip(ir_call_arg(n, 0));

		if (a && a->kind == IR_MEMBER && a->name && !strcmp(a->name, field))
			return 1;
	}
	for (unsigned i = 0; i < n->nkids; i++)
		if (releases_field(n->kids[i], field))
			return 1;
	return 0;
}

/* The last reference of the disk's owner dropped on this path: a call of a
 * same-file foo_put(owner) without lifecycle effects of its own, where the
 * owner holds the disk (owner->field, an alias of it) and another function
 * of the file deletes or puts owner->field -- the owner's release, reached
 * through a kobject or a work item the summary cannot follow (md_alloc():
 * mddev->gendisk = disk ... mddev_put(mddev), md_kobj_release() does
 * del_gendisk(mddev->gendisk)).  The disk is handed to the owner. */
static int owner_put_hand_over(struct engine *e, const struct ir_node *n)
{
	struct fn_analysis *fa = e->fa;
	const struct lowered_file *lf = fa->summaries->lf;
	const char *name = n->name ? n->name : "";
	size_t nlen = strlen(name);
	int handed = 0;

	if (nlen < 5 || strcmp(name + nlen - 4, "_put"))
		return 0;
	for (unsigned a = 0; a < ir_call_nargs(n); a++) {
		char buf[PATH_MAX_LEN];
		size_t len;

		if (!render_path(ir_strip(ir_call_arg(n, a)), buf, sizeof(buf), NULL))
			continue;
		len = strlen(buf);
		for (unsigned i = 0; i < fa->nobjs; i++) {
			const char *p = fa->objs[i].path, *field;
			int released = 0;

			if (strncmp(p, buf, len) || (p[len] != '-' && p[len] != '.'))
				continue;
			field = p + len + (p[len] == '-' ? 2 : 1);
			if (strpbrk(field, ".-["))
				continue; /* owner->field only, not deeper */
			for (size_t f = 0; f < lf->nfuncs && !released; f++)
				if (&lf->funcs[f] != fa->fn)
					released = releases_field(lf->funcs[f].body, field);
			if (!released)
				continue;
			ranges_taint(e, (int)i);
			for (unsigned k = 0; k < e->cur.len; k++)
				for_group(fa, e->cur.items[k], (int)i, hand_over_state, NULL);
			handed = 1;
		}
	}
	return handed;
}

/* ---------------------------------------------- the owner's release */

struct kobj_init_find {
	const char *path; /* "dev->kobj" */
	const char *ktype; /* out: the kobj_type variable named with it */
};

static int find_kobj_init(const struct ir_node *n, void *data)
{
	struct kobj_init_find *k = data;
	const struct ir_node *a, *t;
	char buf[PATH_MAX_LEN];
	const char *api;

	if (k->ktype || n->kind != IR_CALL)
		return !k->ktype;
	api = ir_api_name(n);
	if ((strcmp(api, "kobject_init") && strcmp(api, "kobject_init_and_add")) ||
	    ir_call_nargs(n) < 2)
		return 1;
	a = ir_strip(ir_call_arg(n, 0));
	t = ir_strip(ir_call_arg(n, 1));
	if (!a || a->kind != IR_UNARY || a->op != CXUnaryOperator_AddrOf || a->nkids != 1 ||
	    !render_path(ir_strip(a->kids[0]), buf, sizeof(buf), NULL) || strcmp(buf, k->path))
		return 1;
	if (t && t->kind == IR_UNARY && t->op == CXUnaryOperator_AddrOf && t->nkids == 1)
		t = ir_strip(t->kids[0]);
	if (t && t->kind == IR_DECLREF && t->name && !(t->flags & (IRF_LOCAL | IRF_PARAM)))
		k->ktype = t->name;
	return 1;
}

/* The release of the kobject at path: the .release of the kobj_type this
 * function gives it with kobject_init[_and_add](&path, &ktype, ...).  A
 * kobj_type whose initializer no lowered file of the module holds (written
 * in a file that was not parsed, often by a macro pasting type ## _ktype
 * and type ## _release) falls back to the module's function named like
 * the table with "ktype" turned into "release". */
static int kobject_release_of(const struct fn_analysis *fa, const struct module_facts *mf,
			      const char *path)
{
	struct kobj_init_find k = { .path = path };
	const char *release;
	char name[PATH_MAX_LEN];
	size_t len;

	ir_walk(fa->fn->body, find_kobj_init, &k);
	if (!k.ktype)
		return -1;
	release = module_facts_table_slot(mf, k.ktype, "release");
	if (release)
		return module_facts_function(mf, release);
	len = strlen(k.ktype);
	if (len < 6 || strcmp(k.ktype + len - 5, "ktype") ||
	    snprintf(name, sizeof(name), "%.*srelease", (int)(len - 5), k.ktype) >= (int)sizeof(name))
		return -1;
	return module_facts_function(mf, name);
}

/* kobject_put(&owner->kobj) or kref_put(&owner->ref, release) of the
 * owner of tracked disks (owner->field): when the release of that
 * reference (kobject_release_of(), kref_put()'s argument) is a function
 * of the module that puts or deletes a disk itself or through its
 * callees, the disks under owner are handed to it -- the last reference
 * may be dropped here, or later by whoever holds another.  A release that
 * only frees the owner hands nothing over: the disk is leaked with it.
 * Returns 1 when it handed over a tracked disk. */
int owner_release_hand_over(struct engine *e, const struct ir_node *n)
{
	static const char *const puts[] = { "put_disk", "del_gendisk", "blk_cleanup_disk", NULL };
	struct fn_analysis *fa = e->fa;
	const struct module_facts *mf = fa->summaries ? fa->summaries->facts : NULL;
	const char *api = ir_api_name(n);
	const struct ir_node *a;
	char buf[PATH_MAX_LEN];
	char *member;
	size_t len;
	int fi = -1, handed = 0;

	if (!mf || (strcmp(api, "kobject_put") && strcmp(api, "kref_put")) || !ir_call_nargs(n))
		return 0;
	a = ir_strip(ir_call_arg(n, 0));
	if (!a || a->kind != IR_UNARY || a->op != CXUnaryOperator_AddrOf || a->nkids != 1 ||
	    !render_path(ir_strip(a->kids[0]), buf, sizeof(buf), NULL))
		return 0;
	if (!strcmp(api, "kref_put")) {
		const struct ir_node *r = ir_call_nargs(n) >= 2 ? ir_strip(ir_call_arg(n, 1)) : NULL;

		if (r && r->kind == IR_DECLREF && r->name)
			fi = module_facts_function(mf, r->name);
	} else {
		fi = kobject_release_of(fa, mf, buf);
	}
	if (fi < 0 || !module_facts_calls_api(mf, fi, puts, NULL))
		return 0;
	/* the owner: the path without its last member (dev for dev->kobj) */
	member = strrchr(buf, '>');
	if (member && member > buf && member[-1] == '-')
		member[-1] = '\0';
	else if ((member = strrchr(buf, '.')) != NULL)
		*member = '\0';
	else
		return 0;
	len = strlen(buf);
	for (unsigned i = 0; i < fa->nobjs; i++) {
		const char *p = fa->objs[i].path;

		if (strncmp(p, buf, len) || (p[len] != '-' && p[len] != '.'))
			continue;
		ranges_taint(e, (int)i);
		for (unsigned k = 0; k < e->cur.len; k++)
			for_group(fa, e->cur.items[k], (int)i, hand_over_state, NULL);
		handed = 1;
	}
	return handed;
}

/* A call of a summarised function of the module (from eval_call()): the
 * helper's effects on the disks it reaches, applied to the paths the
 * caller passes; a disk passed to a helper without lifecycle effects is a
 * use, and one whose owner the helper puts may be handed to the owner. */
void apply_helper_summary(struct engine *e, const struct ir_node *n, const char *name, int used)
{
	struct fn_analysis *fa = e->fa;
	unsigned nargs = ir_call_nargs(n);
	int objs[8], nobjs;
	const struct ir_node *args[8];
	const struct function_summary *s = summary_for(fa->summaries, n->name);
	int any = 0;

	nobjs = summary_effects_on(fa, n, EFFECT_DEL, objs, args, 8);
	for (int i = 0; i < nobjs; i++)
		lifecycle(e, EV_DEL, objs[i], n->loc, name, 1, 0, args[i]);
	any |= nobjs;
	nobjs = summary_effects_on(fa, n, EFFECT_PUT, objs, args, 8);
	for (int i = 0; i < nobjs; i++)
		lifecycle(e, EV_PUT, objs[i], n->loc, name, 1, 0, args[i]);
	any |= nobjs;
	/* the helper also cleared the field it put */
	nobjs = summary_effects_on(fa, n, EFFECT_CLEAR, objs, NULL, 8);
	for (int i = 0; i < nobjs; i++) {
		struct value null = { .kind = V_NULL, .index = -1, .bits = VAL_ZERO };

		assign_object(e, objs[i], &null, n->loc);
	}
	nobjs = summary_effects_on(fa, n, EFFECT_ADD, objs, NULL, 8);
	for (int i = 0; i < nobjs; i++)
		lifecycle(e, EV_ADD, objs[i], n->loc, name, 1, !used, NULL);
	any |= nobjs;
	nobjs = summary_effects_on(fa, n, EFFECT_OPAQUE, objs, NULL, 8);
	for (int i = 0; i < nobjs; i++) {
		struct value unknown = { .kind = V_UNKNOWN, .index = -1, .bits = VAL_ANY };

		assign_object(e, objs[i], &unknown, n->loc);
	}
	any |= nobjs;
	/* makes and adds the disk when it returns 0: pending on the result
	 * when the caller tests it; a result not kept leaves it unknown */
	nobjs = summary_effects_on(fa, n, EFFECT_ADD_ON_ZERO, objs, NULL, 8);
	for (int i = 0; i < nobjs; i++) {
		struct value unknown = { .kind = V_UNKNOWN, .index = -1, .bits = VAL_ANY };

		if (!used || nobjs != 1) {
			assign_object(e, objs[i], &unknown, n->loc);
			continue;
		}
		struct add_on_zero az = { .call = n, .weak = fa->objs[objs[i]].weak };

		for (unsigned k = 0; k < e->cur.len; k++)
			for_group(fa, e->cur.items[k], objs[i], add_on_zero_state, &az);
	}
	any |= nobjs;
	/* allocates when it returns 0: the assignment of the result to a
	 * variable splits the paths (split_alloc_result); a result not
	 * kept leaves the disk unknown */
	nobjs = summary_effects_on(fa, n, EFFECT_ALLOC_ON_ZERO, objs, NULL, 8);
	for (int i = 0; i < nobjs; i++) {
		struct value unknown = { .kind = V_UNKNOWN, .index = -1, .bits = VAL_ANY };

		if (fa->assign_call != n || nobjs != 1)
			assign_object(e, objs[i], &unknown, n->loc);
	}
	any |= nobjs;
	(void)s;
	if (!any && owner_put_hand_over(e, n))
		return;
	/* a disk passed to a helper without lifecycle effects is a use */
	for (unsigned i = 0; i < nargs && !any; i++)
		use(e, obj_of(fa, ir_call_arg(n, i)), ir_call_arg(n, i)->loc, name);
}
