/* The rule registry: the list of rules generated from checks/check_*.c. */
#include "rules.h"

#include <string.h>

#define RULE(name) extern const struct rule rule_##name;
#include "rule_list.h"
#undef RULE

static const struct rule *const all_rules[] = {
#define RULE(name) &rule_##name,
#include "rule_list.h"
#undef RULE
};

size_t rules_count(void)
{
	return sizeof(all_rules) / sizeof(all_rules[0]);
}

const struct rule *rule_at(size_t i)
{
	return all_rules[i];
}

int rule_index(const char *id)
{
	for (size_t i = 0; i < rules_count(); i++)
		if (strcmp(all_rules[i]->id, id) == 0)
			return (int)i;
	return -1;
}

void disk_lifecycle_tokens(struct string_list *out)
{
	/* alloc_disk: blk_alloc_disk, blk_mq_alloc_disk, alloc_disk_node, the
	 * __ forms behind the macros; add_disk: device_add_disk too */
	static const char *const names[] = { "alloc_disk", "add_disk", "del_gendisk", "put_disk" };

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		string_list_push(out, names[i]);
}
