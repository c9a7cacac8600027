// SPDX-License-Identifier: GPL-2.0
/*
 * Near miss: the article's pattern, balanced.  The probe returns
 * get_disk_and_module() (get_disk() of 2.6) or NULL, the region is
 * registered after add_disk() succeeded, and exit unregisters it first.
 * removed-api reports the legacy calls on 6.12, hence --rule.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

#define ART_MAJOR	244
#define ART_MINORS	16

struct kobject *get_disk_and_module(struct gendisk *disk);
void blk_register_region(dev_t devt, unsigned long range, struct module *module,
			 struct kobject *(*probe)(dev_t, int *, void *),
			 int (*lock)(dev_t, void *), void *data);
void blk_unregister_region(dev_t devt, unsigned long range);

static struct gendisk *art_disk;

static struct kobject *art_probe(dev_t devt, int *part, void *data)
{
	*part = 0;
	if (!art_disk)
		return NULL;
	return get_disk_and_module(art_disk);
}

static void art_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations art_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= art_submit_bio,
};

static int __init art_init(void)
{
	struct gendisk *disk;
	int err;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	disk->major = ART_MAJOR;
	disk->first_minor = 0;
	disk->minors = ART_MINORS;
	disk->fops = &art_fops;
	strscpy(disk->disk_name, "art0", DISK_NAME_LEN);
	set_capacity(disk, 2048);
	err = add_disk(disk);
	if (err) {
		put_disk(disk);
		return err;
	}
	art_disk = disk;
	blk_register_region(MKDEV(ART_MAJOR, 0), ART_MINORS, THIS_MODULE, art_probe, NULL, NULL);
	return 0;
}

static void __exit art_exit(void)
{
	blk_unregister_region(MKDEV(ART_MAJOR, 0), ART_MINORS);
	del_gendisk(art_disk);
	put_disk(art_disk);
}

module_init(art_init);
module_exit(art_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: article-style region and probe, balanced
 * check-command: gendisk-lint --rule region-imbalance --kdir $KDIR $file
 */
