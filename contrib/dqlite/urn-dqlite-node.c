/*
** contrib/dqlite/urn-dqlite-node.c -- a dqlite node with sqlite-urn built in.
**
**    urn-dqlite-node ID ADDRESS DIR
**
** Runs one node of a dqlite cluster (Canonical's Raft-replicated SQLite,
** libdqlite): it serves clients and the other nodes on ADDRESS (HOST:PORT),
** keeps its Raft log and snapshots in DIR (created, with its parents, when
** missing), and runs until SIGTERM or SIGINT, when it stops the node,
** releases it and exits 0.  ID is the node's number in the cluster, the
** same at every start.  A node with ID 1 whose DIR is new bootstraps a
** cluster of itself alone (libdqlite does that in dqlite_node_start());
** the other nodes wait to be added by a client (client.Add of go-dqlite:
** contrib/dqlite/urn-dqlite-ctl).
**
** The extension is compiled in: the C files of ext/ built with
** -DSQLITE_CORE, linked with the same shared libsqlite3 that libdqlite
** uses, and registered with sqlite3_auto_extension() before the node opens
** anything, so that every connection the node opens has the urn_*
** functions and the collations URN and URN_NS.  dqlite replicates the
** pages a transaction writes, not its SQL: a node runs the statements of
** clients while it is the leader, and needs the extension then.
**
** Built with -DURN_DQLITE_PLAIN it links no extension and registers none:
** the node of a user without sqlite-urn, for the check that such a node
** fails with "no such collation sequence: URN" (docs/compatibility.md) and
** changes nothing.
**
** Exit status: 0 after a clean stop; 1 when the node cannot be created,
** started or stopped (the reason on stderr); 2 on a usage error.
*/
#define _POSIX_C_SOURCE 200809L   /* sigwait(), sigprocmask() under -std=c99 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <dqlite.h>

#ifndef URN_DQLITE_PLAIN
int sqlite3_urn_init(sqlite3*, char**, const sqlite3_api_routines*);
#endif

/* Parse a node ID: a decimal number from 1 up.  Returns 0 when zArg is not
** one (0 is never a valid dqlite node ID). */
static dqlite_node_id parseId(const char *zArg){
  char *zEnd = 0;
  unsigned long long v;
  if( zArg[0]<'0' || zArg[0]>'9' ) return 0;
  errno = 0;
  v = strtoull(zArg, &zEnd, 10);
  if( errno!=0 || *zEnd!='\0' ) return 0;
  return (dqlite_node_id)v;
}

/* Create the directory zDir and its missing parents, as mkdir -p does.
** Returns 0, or -1 with errno set. */
static int makeDirs(const char *zDir){
  size_t n = strlen(zDir), i;
  char *z = malloc(n+1);
  int rc = 0, e = 0;
  if( z==0 ){ errno = ENOMEM; return -1; }
  memcpy(z, zDir, n+1);
  for(i=1; i<=n && rc==0; i++){
    if( z[i]=='/' || z[i]=='\0' ){
      char c = z[i];
      z[i] = '\0';
      if( mkdir(z, 0755)!=0 && errno!=EEXIST ){ rc = -1; e = errno; }
      z[i] = c;
    }
  }
  free(z);
  if( rc ) errno = e;
  return rc;
}

int main(int argc, char **argv){
  dqlite_node_id id;
  dqlite_node *pNode = 0;
  sigset_t stopSignals;
  int sig = 0;
  int rc;

  if( argc!=4 || (id = parseId(argv[1]))==0 || argv[2][0]=='\0'
   || argv[3][0]=='\0' ){
    fprintf(stderr, "usage: %s ID ADDRESS DIR\n"
        "  ID: the node's number (1 bootstraps a new cluster)\n"
        "  ADDRESS: HOST:PORT to serve on, e.g. 127.0.0.1:9001\n"
        "  DIR: the node's data directory (created when missing)\n",
        argc>0 ? argv[0] : "urn-dqlite-node");
    return 2;
  }

#ifndef URN_DQLITE_PLAIN
  /* Before the node exists: every connection it opens gets the extension. */
  if( sqlite3_auto_extension((void(*)(void))sqlite3_urn_init)!=SQLITE_OK ){
    fprintf(stderr, "urn-dqlite-node: sqlite3_auto_extension failed\n");
    return 1;
  }
#endif

  if( makeDirs(argv[3])!=0 ){
    fprintf(stderr, "urn-dqlite-node: mkdir %s: %s\n", argv[3], strerror(errno));
    return 1;
  }

  /* A write to a peer that has died (a node killed, a client gone) must
  ** fail with EPIPE, not kill this node with SIGPIPE: libuv leaves that to
  ** the program. */
  if( signal(SIGPIPE, SIG_IGN)==SIG_ERR ){
    fprintf(stderr, "urn-dqlite-node: cannot ignore SIGPIPE\n");
    return 1;
  }

  /* SIGTERM and SIGINT are taken with sigwait() below.  They are blocked
  ** before the node starts its thread, which inherits the mask, so that no
  ** thread of libdqlite is killed by them. */
  sigemptyset(&stopSignals);
  sigaddset(&stopSignals, SIGTERM);
  sigaddset(&stopSignals, SIGINT);
  if( sigprocmask(SIG_BLOCK, &stopSignals, 0)!=0 ){
    fprintf(stderr, "urn-dqlite-node: sigprocmask: %s\n", strerror(errno));
    return 1;
  }

  rc = dqlite_node_create(id, argv[2], argv[3], &pNode);
  if( rc!=0 ){
    fprintf(stderr, "urn-dqlite-node: dqlite_node_create: %s\n",
        pNode ? dqlite_node_errmsg(pNode) : "out of memory");
    if( pNode ) dqlite_node_destroy(pNode);
    return 1;
  }
  rc = dqlite_node_set_bind_address(pNode, argv[2]);
  if( rc==0 ) rc = dqlite_node_start(pNode);
  if( rc!=0 ){
    const char *zErr = dqlite_node_errmsg(pNode);
    fprintf(stderr, "urn-dqlite-node: cannot serve on %s: %s (dqlite error %d)\n",
        argv[2], zErr && zErr[0] ? zErr : "bad address or port in use", rc);
    dqlite_node_destroy(pNode);
    return 1;
  }
  fprintf(stderr, "urn-dqlite-node: node %llu serving on %s, data in %s%s\n",
      (unsigned long long)id, argv[2], argv[3],
#ifdef URN_DQLITE_PLAIN
      " (without sqlite-urn)"
#else
      ""
#endif
  );

  while( sigwait(&stopSignals, &sig)!=0 ){}
  rc = dqlite_node_stop(pNode);
  if( rc!=0 ){
    fprintf(stderr, "urn-dqlite-node: dqlite_node_stop: %s\n",
        dqlite_node_errmsg(pNode));
  }
  dqlite_node_destroy(pNode);
  return rc==0 ? 0 : 1;
}
