'use client';

import { message, Modal, notification } from 'antd';
import type { useAppProps } from 'antd/es/app/context';
import { useEffect } from 'react';

/** antd's own message, notification and modal hooks, handed to AppNotices once drawn. */
export function NoticeHolders({ attach }: { attach: (notices: useAppProps) => void }) {
  const [messageApi, messageHolder] = message.useMessage();
  const [notificationApi, notificationHolder] = notification.useNotification();
  const [modalApi, modalHolder] = Modal.useModal();
  useEffect(() => attach({ message: messageApi, notification: notificationApi, modal: modalApi }), [attach, messageApi, notificationApi, modalApi]);
  return <>{messageHolder}{notificationHolder}{modalHolder}</>;
}
