// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Every geometry rule is enforced with -EINVAL and leaves nothing behind;
 * an existing path is never replaced.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "image-util.h"
#include "tap.h"

static struct img_env e;

static int entries(void)
{
	DIR *d = opendir(e.dir);
	struct dirent *de;
	int n = 0;

	if (!d)
		return -1;
	while ((de = readdir(d)))
		n += de->d_name[0] != '.';
	closedir(d);
	return n;
}

static void refused(const struct blkzone_image_geometry *g, const char *what)
{
	struct stat st;
	int ret = blkzone_image_create(e.path, g);

	tap_ok(ret == -EINVAL && stat(e.path, &st) < 0 && errno == ENOENT &&
	       entries() == 0, "%s: %d (%s), nothing left", what, ret,
	       strerror(-ret));
}

int main(void)
{
	struct blkzone_image_geometry g, ok = img_geo(4, 65536);
	char data[16];
	int fd;

	img_env_init(&e);
	tap_plan(31);

	g = ok; g.model = BLKZONE_MODEL_NONE; refused(&g, "model none");
	g = ok; g.model = BLKZONE_MODEL_UNKNOWN; refused(&g, "model unknown");
	g = ok; g.model = 7; refused(&g, "model 7");
	g = ok; g.logical_block_size = 1024; refused(&g, "block size 1024");
	g = ok; g.logical_block_size = 0; refused(&g, "block size 0");
	g = ok; g.zone_size = 0; refused(&g, "zone size 0");
	g = ok; g.zone_size = 3 * 65536; refused(&g, "zone size not a power of 2");
	g = ok; g.zone_size = 2048; g.logical_block_size = 512;
	refused(&g, "zone size below 4096");
	g = ok; g.zone_size = 1ULL << 41; refused(&g, "zone size above 1 TiB");
	g = ok; g.zone_capacity = 65536 + 4096; refused(&g, "capacity above size");
	g = ok; g.zone_capacity = 1000; refused(&g, "capacity not in blocks");
	g = ok; g.logical_block_size = 512; g.zone_capacity = 512 * 3;
	g.zone_capacity += 4096; tap_eq_int(blkzone_image_create(e.path, &g), 0,
					    "capacity in 512-byte blocks");
	unlink(e.path);
	g = ok; g.nr_zones = 0; refused(&g, "no zones");
	g = ok; g.nr_zones = (1U << 20) + 1; refused(&g, "too many zones");
	g = ok; g.nr_conv_zones = 4; refused(&g, "only conventional zones");
	g = ok; g.nr_conv_zones = 5; refused(&g, "more conventional than zones");
	g = ok; g.max_open_zones = 3; g.max_active_zones = 2;
	refused(&g, "max active below max open");
	g = ok; g.last_zone_size = 65536 + 4096;
	refused(&g, "last zone above the zone size");
	g = ok; g.last_zone_size = 6000; refused(&g, "last zone not in blocks");
	g = ok; g.last_zone_size = 8192; g.last_zone_capacity = 12288;
	refused(&g, "last zone capacity above its size");
	g = ok; g.last_zone_capacity = 1000;
	refused(&g, "last zone capacity not in blocks");
	g = ok; g.reserved[1] = 1; refused(&g, "reserved field set");
	tap_eq_int(blkzone_image_create(NULL, &ok), -EINVAL, "NULL path");
	tap_eq_int(blkzone_image_create(e.path, NULL), -EINVAL, "NULL geometry");
	tap_eq_int(blkzone_image_create("", &ok), -EINVAL, "empty path");

	g = ok; g.max_open_zones = 3; g.max_active_zones = 0;
	tap_eq_int(blkzone_image_create(e.path, &g), 0,
		   "max open without max active");
	unlink(e.path);

	fd = open(e.path, O_CREAT | O_WRONLY, 0600);
	tap_ok(fd >= 0 && write(fd, "precious", 8) == 8, "an existing file");
	close(fd);
	tap_eq_int(blkzone_image_create(e.path, &ok), -EEXIST, "-EEXIST");
	fd = open(e.path, O_RDONLY);
	memset(data, 0, sizeof(data));
	tap_ok(fd >= 0 && read(fd, data, sizeof(data)) == 8 &&
	       !strcmp(data, "precious"), "the file is unchanged");
	close(fd);
	tap_eq_int(entries(), 1, "no temporary file left");
	unlink(e.path);
	tap_eq_int(blkzone_image_create("/nonexistent-dir/image", &ok), -ENOENT,
		   "missing directory");
	img_env_cleanup(&e);
	return tap_done();
}
