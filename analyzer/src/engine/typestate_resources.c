/* Resources in the typestate dataflow engine (see typestate.h for the model). */
#include "typestate_internal.h"

#include "string_list.h"

#include <stdlib.h>

/* ---------------------------------------------------------- resources */

/*
 * The second kind of tracked object (resource_objects.h): its states live
 * in the same configurations as the disks and its acquisitions' results in
 * the same variables; these apply the resource module's rules to each
 * configuration.
 */

/* A call's effect on the resources, in every configuration. */
void resource_effects(struct engine *e, const struct ir_node *call, int used)
{
	for (unsigned k = 0; e->fa->resources.n && k < e->cur.len; k++)
		resource_call(&e->fa->resources, ((struct config *)e->cur.items[k])->res, call,
			      used);
}

/* A condition that is an acquisition call itself ("if (register_blkdev(...))"). */
void resource_refine_subject(struct engine *e, const struct ir_node *call, unsigned mask)
{
	for (unsigned k = 0; e->fa->resources.n && k < e->cur.len; k++)
		resource_refine_call(&e->fa->resources, ((struct config *)e->cur.items[k])->res,
				     call, mask);
}

/* The false branch of a condition naming a held resource: not ours to release. */
void resource_guard(struct engine *e, const struct ir_node *cond)
{
	for (unsigned k = 0; e->fa->resources.n && k < e->cur.len; k++)
		resource_refine_guard(&e->fa->resources, ((struct config *)e->cur.items[k])->res,
				      cond);
}

struct var_reader {
	const struct fn_analysis *fa;
	const struct config *c;
};

static int read_var_bits(const void *arg, const struct ir_node *n)
{
	const struct var_reader *vr = arg;
	int var = var_of(vr->fa, n);

	return var >= 0 ? vr->c->vars[var].bits : -1;
}

/* A return with a resource held where the resource's class reads the
 * returned value as an error: one EV_RESOURCE_LEAK per resource, from the
 * first configuration that leaks it. */
void report_resource_leaks(struct engine *e, const struct ir_node *ret_value,
			   struct ir_loc loc)
{
	const struct fn_analysis *fa = e->fa;
	const struct resource_table *t = &fa->resources;
	unsigned char *told;

	if (!t->n || fa->fn->returns_void)
		return;
	told = xcalloc(t->n, 1);
	for (unsigned c = 0; c < e->cur.len; c++) {
		const struct config *cf = e->cur.items[c];
		struct var_reader vr = { fa, cf };

		for (unsigned k = 0; k < t->n; k++) {
			unsigned bits;
			struct lint_event ev = { .kind = EV_RESOURCE_LEAK, .obj = -1, .loc = loc,
						 .ret_value = ret_value, .resource = &t->items[k] };

			if (told[k] || !(cf->res[k] & RS_HELD))
				continue;
			bits = resource_return_bits(t, t->items[k].cls_index, ret_value,
						    read_var_bits, &vr);
			if (!resource_leaked(t, k, cf->res, bits))
				continue;
			told[k] = 1;
			ev.path = t->items[k].key;
			emit(e, &ev);
		}
	}
	free(told);
}

static void add_resource_var(void *arg, const char *name)
{
	struct fn_analysis *fa = arg;
	int var;

	add_var(fa, name);
	var = find_var(fa, name);
	if (var >= 0)
		fa->res_vars[var] = 1;
}

void fn_analysis_track_resources(struct fn_analysis *fa, const struct resource_classes *rc)
{
	fa->disk_nvars = fa->nvars;
	fa->res_vars = xcalloc(MAX_VARS, 1);
	resource_table_scan(&fa->resources, rc, fa->fn, add_resource_var, fa);
	if (fa->resources.n && !fa->nobjs)
		cfg_build(fa->fn, &fa->cfg);
}
