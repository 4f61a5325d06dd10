"""The fake Slack must see what real Slack would see, or the crash tests count wrong."""

from __future__ import annotations

import socket

from slack_sdk import WebClient

from tests.support.fakeslack import FakeSlack


def send_raw(port: int, request: bytes) -> None:
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(request)
        sock.shutdown(socket.SHUT_WR)  # the client dies here: no more bytes will come
        sock.recv(1024)  # wait until the server has handled (or dropped) the request


def test_request_cut_short_by_a_dying_client_is_not_a_call() -> None:
    body = b"channel=C1&text=hello&metadata=%7B%22event_type%22"
    with FakeSlack() as fake:
        send_raw(
            fake.port,
            b"POST /api/chat.postMessage HTTP/1.1\r\nHost: x\r\n"
            b"Content-Type: application/x-www-form-urlencoded\r\n"
            + f"Content-Length: {len(body) + 40}\r\n\r\n".encode()
            + body,
        )
        assert fake.calls_to("chat.postMessage") == []
        assert fake.history == {}
        # ...while a whole request still counts.
        WebClient(base_url=fake.base_url, token="xoxb-test").chat_postMessage(
            channel="C1", text="hello"
        )
        assert [c.body["text"] for c in fake.calls_to("chat.postMessage")] == ["hello"]


def test_client_gone_before_the_answer_still_counts_the_call() -> None:
    body = b"channel=C1&text=hello"
    with FakeSlack() as fake:
        with socket.create_connection(("127.0.0.1", fake.port), timeout=5) as sock:
            sock.sendall(
                b"POST /api/chat.postMessage HTTP/1.1\r\nHost: x\r\n"
                b"Content-Type: application/x-www-form-urlencoded\r\n"
                + f"Content-Length: {len(body)}\r\n\r\n".encode()
                + body
            )
        fake.wait_for("chat.postMessage", 1, timeout=5)
