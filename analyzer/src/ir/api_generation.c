/* Calls of another kernel generation's block API (api_generation.h). */
#include "api_generation.h"

#include <stdlib.h>
#include <string.h>

/*
 * Lifecycle and queue-setup functions that some kernels declare and
 * others do not: the removed ones (alloc_disk() ... up to 5.x) and the
 * new ones (blk_mq_alloc_queue(), queue_limits_*() from 6.9).  A call
 * of one of them without a declaration is a driver of the other
 * generation, not a typo.
 */
static const char *const other_generation_api[] = {
	"alloc_disk",
	"alloc_disk_node",
	"blk_alloc_queue",
	"blk_cleanup_disk",
	"blk_cleanup_queue",
	"blk_mq_alloc_disk_for_queue",
	"blk_mq_alloc_queue",
	"blk_mq_destroy_queue",
	"blk_mq_init_queue",
	"blk_queue_make_request",
	"blk_register_region",
	"blk_unregister_region",
	"blk_mark_disk_dead",
	"device_add_disk",
	"get_disk_and_module",
	"get_gendisk",
	"put_disk_and_module",
	"queue_limits_commit_update",
	"queue_limits_start_update",
	"revalidate_disk",
	"set_capacity_and_notify",
	NULL,
};

static int other_generation(const char *name)
{
	for (const char *const *p = other_generation_api; *p; p++)
		if (strcmp(*p, name) == 0)
			return 1;
	return 0;
}

char *api_generation_note(const struct string_list *undeclared, int version_code)
{
	struct string_list shown = { 0 };
	char *list = NULL, *note;

	for (size_t i = 0; i < undeclared->len; i++)
		if (other_generation(undeclared->items[i]))
			string_list_push_owned(&shown, xasprintf("%s()", undeclared->items[i]));
	if (!shown.len)
		return NULL;
	for (size_t i = 0; i < shown.len; i++) {
		char *next = xasprintf("%s%s%s", list ? list : "", i ? ", " : "", shown.items[i]);

		free(list);
		list = next;
	}
	note = xasprintf("uses the API of another kernel generation (%s %s not declared by "
			 "these headers, Linux %d.%d); analysed by their meaning there",
			 list, shown.len == 1 ? "is" : "are", version_code >> 16,
			 (version_code >> 8) & 0xff);
	free(list);
	string_list_free(&shown);
	return note;
}
