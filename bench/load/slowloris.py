#!/usr/bin/env python3
"""Slow-header clients for the load test (loopback only): CONNECTIONS connections spread
over ADDRESSES source addresses 127.0.0.(FIRST…), each sending a request line and then one
header byte every INTERVAL seconds, never finishing; a connection the server closes is opened
again at once. Runs for SECONDS, then prints one line: opened, closed by the server,
refused, and the most held at once.

  slowloris.py PORT [--connections 1100] [--addresses 44] [--first 10] [--interval 3]
               [--seconds 30]
"""
import argparse
import errno
import resource
import selectors
import socket
import sys
import time


def main():
    p = argparse.ArgumentParser()
    p.add_argument("port", type=int)
    p.add_argument("--connections", type=int, default=1100)
    p.add_argument("--addresses", type=int, default=44)
    p.add_argument("--first", type=int, default=10)
    p.add_argument("--interval", type=float, default=3.0)
    p.add_argument("--seconds", type=float, default=30.0)
    a = p.parse_args()
    if not (1 <= a.first and a.first + a.addresses - 1 <= 254):
        sys.exit("slowloris.py: source addresses must stay within 127.0.0.1-254")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = min(hard, a.connections + 256)
    if soft < want:
        resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))

    sources = [f"127.0.0.{a.first + i}" for i in range(a.addresses)]
    opened = closed = refused = most = 0
    live = {}  # socket -> (source, next send time)
    sel = selectors.DefaultSelector()

    def open_one(source):
        nonlocal opened, refused
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        try:
            s.bind((source, 0))
            s.settimeout(2)
            s.connect(("127.0.0.1", a.port))
            s.setblocking(False)
            s.send(b"GET /v1/templates HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        except OSError:
            refused += 1
            s.close()
            return False
        opened += 1
        live[s] = (source, time.monotonic() + a.interval)
        sel.register(s, selectors.EVENT_READ)
        return True

    def drop(s):
        nonlocal closed
        closed += 1
        sel.unregister(s)
        source = live.pop(s)[0]
        s.close()
        return source

    end = time.monotonic() + a.seconds
    pending = [sources[i % len(sources)] for i in range(a.connections)]
    while time.monotonic() < end:
        # (re)open what is missing, a bounded number per round
        for _ in range(min(len(pending), 200)):
            source = pending.pop(0)
            if not open_one(source):
                pending.append(source)
        most = max(most, len(live))
        now = time.monotonic()
        for s, (source, due) in list(live.items()):
            if due <= now:
                try:
                    s.send(b"z")
                    live[s] = (source, now + a.interval)
                except OSError:
                    pending.append(drop(s))
        for key, _ in sel.select(timeout=0.05):
            s = key.fileobj
            try:
                data = s.recv(4096)
            except OSError as e:
                data = b"" if e.errno != errno.EAGAIN else None
            if data == b"" or data:
                pending.append(drop(s))  # closed (or answered: a slow client got through)
        if pending and refused:
            time.sleep(0.01)
    for s in list(live):
        s.close()
    print(f"slowloris: opened={opened} closed_by_server={closed} refused={refused} most_held={most}")


if __name__ == "__main__":
    main()
