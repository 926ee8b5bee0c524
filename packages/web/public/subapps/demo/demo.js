// A tiny hosted sub-application: swaps the once-token from ?accesstoken= for a session of its own
// (POST /base/api/auth/swap/once/token) and shows who is signed in (GET user/current/detail).
// It runs in a sandboxed frame with an opaque origin, so it keeps the session in memory only.
;(function () {
  var params = new URLSearchParams(window.location.search)
  var onceToken = params.get('accesstoken')
  var status = document.getElementById('status')
  document.getElementById('page').textContent = '/' + (params.get('page') || '')
  try {
    params.delete('accesstoken')
    var rest = params.toString()
    window.history.replaceState(null, '', window.location.pathname + (rest ? '?' + rest : ''))
  } catch {
    /* an opaque-origin frame may not rewrite its URL; the token is single-use anyway */
  }

  function fail(text) {
    status.textContent = text
    status.className = 'error'
  }
  function envelope(res) {
    return res.json().then(function (body) {
      if (!body || body.code !== 0) throw new Error((body && body.msg) || '请求失败')
      return body.data
    })
  }
  if (!onceToken) {
    fail('缺少登录令牌')
    return
  }
  fetch('/base/api/auth/swap/once/token', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ onceToken: onceToken }),
  })
    .then(envelope)
    .then(function (data) {
      return fetch('/base/api/account/user/current/detail', {
        headers: { Authorization: 'Bearer ' + data.accessToken },
      }).then(envelope)
    })
    .then(function (user) {
      document.getElementById('user-name').textContent = user.trueName
      document.getElementById('org-name').textContent = user.orgName
      status.textContent = '已登录'
      status.className = 'muted'
    })
    .catch(function (e) {
      fail(e.message)
    })
})()
