#!/usr/bin/env python3
"""A photo origin for PhotoFetchTests, on 127.0.0.1 (or $PHOTO_ORIGIN_HOST) at a free port
(printed first).

/photo.jpg    200, 1000 bytes          /hits          how many times /photo.jpg was served
/redirect-on  302 to /photo.jpg        /redirect-off  302 to the same path on 127.0.0.2
/slow         answers after 3 s        /big           2 MB with Content-Length
/big-stream   2 MB without a length    /missing       404
/files/NAME   the file NAME in the folder given as the first argument, if any
/redirect-long?N   302 to /photo.jpg?LLL…, a Location of N bytes
/slow-hop?N   after 0.4 s, 302 to /slow-hop?N-1; /slow-hop?0 is /photo.jpg
/echo?TEXT    200, the request target's bytes as sent (counts in /hits)
"""
import os
import socket
import sys
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

PHOTO = bytes(range(250)) * 4
hits = 0


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.0"

    def log_message(self, *args):
        pass

    def send(self, status, body=b"", headers=()):
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        global hits
        port = self.server.server_address[1]
        path = self.path.split("?")[0]
        if path == "/photo.jpg":
            if self.path.startswith("/photo.jpg?L"):
                self.send(200, self.path.encode())  # the redirect target as received
                return
            hits += 1
            self.send(200, PHOTO, [("Content-Type", "image/jpeg")])
        elif path == "/redirect-long":
            n = int(self.path.split("?")[1])
            location = "/photo.jpg?"
            self.send(302, headers=[("Location", location + "L" * (n - len(location)))])
        elif path == "/slow-hop":
            n = int(self.path.split("?")[1])
            time.sleep(0.4)
            self.send(302, headers=[("Location", "/slow-hop?%d" % (n - 1) if n > 0 else "/photo.jpg")])
        elif path == "/echo":
            hits += 1
            self.send(200, self.path.encode("latin-1"))
        elif path == "/hits":
            self.send(200, str(hits).encode())
        elif path == "/redirect-on":
            self.send(302, headers=[("Location", "/photo.jpg")])
        elif path == "/redirect-off":
            self.send(302, headers=[("Location", "http://127.0.0.2:%d/photo.jpg" % port)])
        elif path == "/slow":
            time.sleep(3)
            self.send(200, PHOTO)
        elif path == "/big":
            self.send(200, b"x" * (2 << 20))
        elif path == "/big-stream":
            self.send_response(200)
            self.end_headers()
            for _ in range(64):
                self.wfile.write(b"x" * 32768)
        elif path.startswith("/files/") and len(sys.argv) > 1 and "/" not in path[7:]:
            try:
                self.send(200, open(os.path.join(sys.argv[1], path[7:]), "rb").read())
            except OSError:
                self.send(404, b"not found")
        else:
            self.send(404, b"not found")


HOST = os.environ.get("PHOTO_ORIGIN_HOST", "127.0.0.1")


class Server(ThreadingHTTPServer):
    address_family = socket.AF_INET6 if ":" in HOST else socket.AF_INET


server = Server((HOST, 0), Handler)
server.daemon_threads = True
print(server.server_address[1], flush=True)
server.serve_forever()
