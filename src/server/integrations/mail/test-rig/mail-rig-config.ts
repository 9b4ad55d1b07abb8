/** The configuration files of the mail rig's Dovecot and Postfix (mail-rig.ts), for its temporary directory and ports. */
import type { MailRig } from './mail-rig.ts';

export const dovecotConf = (d: string, p: MailRig['ports']) => `base_dir = ${d}/run
state_dir = ${d}/state
log_path = ${d}/dovecot.log
listen = 127.0.0.1
protocols = imap lmtp
ssl = no
disable_plaintext_auth = no
auth_failure_delay = 0
auth_mechanisms = plain login xoauth2 oauthbearer
default_login_user = dovenull
default_internal_user = dovecot
first_valid_uid = 65534
last_valid_uid = 65534
mail_uid = nobody
mail_gid = nogroup
mail_location = maildir:${d}/mail/%u
mail_plugins =
namespace inbox {
  inbox = yes
  separator = /
  mailbox Sent {
    special_use = \\Sent
    auto = subscribe
  }
  mailbox Drafts {
    special_use = \\Drafts
    auto = subscribe
  }
  mailbox Junk {
    special_use = \\Junk
    auto = create
  }
  mailbox Trash {
    special_use = \\Trash
    auto = create
  }
}
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${d}/users/%u
  mechanisms = plain login
}
passdb {
  driver = oauth2
  mechanisms = xoauth2 oauthbearer
  args = ${d}/oauth2.conf
}
userdb {
  driver = static
  args = uid=nobody gid=nogroup home=${d}/mail/%u allow_all_users=yes
}
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = ${p.imap}
  }
}
service lmtp {
  inet_listener lmtp {
    address = 127.0.0.1
    port = ${p.lmtp}
  }
}
service auth {
  unix_listener auth-postfix {
    mode = 0666
  }
}
service anvil {
  chroot =
  # No auth penalty: tests sign in wrongly on purpose, then rightly at once.
  unix_listener anvil-auth-penalty {
    mode = 0
  }
}
service stats {
  chroot =
}
protocol lmtp {
  postmaster_address = postmaster@example.test
}
`;

export const oauth2Conf = (tokeninfo: string) => `introspection_mode = get
introspection_url = ${tokeninfo}?access_token=
username_attribute = email
tokeninfo_url =
active_attribute = active
active_value = true
`;

export const postfixMain = (d: string, p: MailRig['ports']) => `compatibility_level = 3.6
queue_directory = ${d}/pf/spool
data_directory = ${d}/pf/data
mail_owner = postfix
setgid_group = postdrop
myhostname = mail.example.test
mydomain = example.test
myorigin = example.test
mydestination =
inet_interfaces = loopback-only
inet_protocols = ipv4
mynetworks = 127.0.0.0/8
smtp_dns_support_level = disabled
# Every domain goes to Dovecot: the rig never relays outside this machine.
virtual_mailbox_domains =
default_transport = lmtp:inet:127.0.0.1:${p.lmtp}
relay_transport = lmtp:inet:127.0.0.1:${p.lmtp}
smtpd_sasl_type = dovecot
smtpd_sasl_path = ${d}/run/auth-postfix
smtpd_sasl_auth_enable = no
smtpd_relay_restrictions = permit_mynetworks, permit_sasl_authenticated, reject_unauth_destination
smtpd_tls_security_level = none
smtpd_error_sleep_time = 0
message_size_limit = 52428800
maillog_file_prefixes = ${d}
maillog_file = ${d}/postfix.log
alias_maps =
alias_database =
biff = no
`;

export const postfixMaster = (p: MailRig['ports']) => `127.0.0.1:${p.smtp} inet n - n - - smtpd
127.0.0.1:${p.submission} inet n - n - - smtpd -o smtpd_sasl_auth_enable=yes -o smtpd_client_restrictions=permit_sasl_authenticated,reject
pickup    unix  n       -       n       60      1       pickup
cleanup   unix  n       -       n       -       0       cleanup
qmgr      unix  n       -       n       300     1       qmgr
tlsmgr    unix  -       -       n       1000?   1       tlsmgr
rewrite   unix  -       -       n       -       -       trivial-rewrite
bounce    unix  -       -       n       -       0       bounce
defer     unix  -       -       n       -       0       bounce
trace     unix  -       -       n       -       0       bounce
verify    unix  -       -       n       -       1       verify
flush     unix  n       -       n       1000?   0       flush
proxymap  unix  -       -       n       -       -       proxymap
smtp      unix  -       -       n       -       -       smtp
relay     unix  -       -       n       -       -       smtp
showq     unix  n       -       n       -       -       showq
error     unix  -       -       n       -       -       error
retry     unix  -       -       n       -       -       error
discard   unix  -       -       n       -       -       discard
lmtp      unix  -       -       n       -       -       lmtp
anvil     unix  -       -       n       -       1       anvil
scache    unix  -       -       n       -       1       scache
postlog   unix-dgram n  -       n       -       1       postlogd
`;
